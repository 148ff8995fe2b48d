import type { AiProvider } from "./schema";

export const DEFAULT_COUNTRY_CODE = "DE";

export const COUNTRIES: readonly { code: string; nameEn: string; nameDe: string }[] = [
  { code: "DE", nameEn: "Germany", nameDe: "Deutschland" },
  { code: "AT", nameEn: "Austria", nameDe: "Österreich" },
  { code: "BE", nameEn: "Belgium", nameDe: "Belgien" },
  { code: "BG", nameEn: "Bulgaria", nameDe: "Bulgarien" },
  { code: "HR", nameEn: "Croatia", nameDe: "Kroatien" },
  { code: "CY", nameEn: "Cyprus", nameDe: "Zypern" },
  { code: "CZ", nameEn: "Czechia", nameDe: "Tschechien" },
  { code: "DK", nameEn: "Denmark", nameDe: "Dänemark" },
  { code: "EE", nameEn: "Estonia", nameDe: "Estland" },
  { code: "FI", nameEn: "Finland", nameDe: "Finnland" },
  { code: "FR", nameEn: "France", nameDe: "Frankreich" },
  { code: "GR", nameEn: "Greece", nameDe: "Griechenland" },
  { code: "HU", nameEn: "Hungary", nameDe: "Ungarn" },
  { code: "IE", nameEn: "Ireland", nameDe: "Irland" },
  { code: "IT", nameEn: "Italy", nameDe: "Italien" },
  { code: "LV", nameEn: "Latvia", nameDe: "Lettland" },
  { code: "LT", nameEn: "Lithuania", nameDe: "Litauen" },
  { code: "LU", nameEn: "Luxembourg", nameDe: "Luxemburg" },
  { code: "MT", nameEn: "Malta", nameDe: "Malta" },
  { code: "NL", nameEn: "Netherlands", nameDe: "Niederlande" },
  { code: "PL", nameEn: "Poland", nameDe: "Polen" },
  { code: "PT", nameEn: "Portugal", nameDe: "Portugal" },
  { code: "RO", nameEn: "Romania", nameDe: "Rumänien" },
  { code: "SK", nameEn: "Slovakia", nameDe: "Slowakei" },
  { code: "SI", nameEn: "Slovenia", nameDe: "Slowenien" },
  { code: "ES", nameEn: "Spain", nameDe: "Spanien" },
  { code: "SE", nameEn: "Sweden", nameDe: "Schweden" },
  { code: "CH", nameEn: "Switzerland", nameDe: "Schweiz" },
  { code: "GB", nameEn: "United Kingdom", nameDe: "Vereinigtes Königreich" },
  { code: "US", nameEn: "United States", nameDe: "Vereinigte Staaten" },
];

export const STANDARD_VAT = "Standard";

export const VAT_RATES: readonly { name: string; nameDe: string; percent: number; description: string; isDefault: boolean }[] = [
  { name: STANDARD_VAT, nameDe: "Regelsteuersatz", percent: 19, description: "German standard VAT rate", isDefault: true },
  {
    name: "Reduced",
    nameDe: "Ermäßigter Steuersatz",
    percent: 7,
    description: "German reduced VAT rate (e.g. books, food)",
    isDefault: false,
  },
];

export interface GermanTextsSeed {
  nameDe?: string;
  descriptionDe?: string;
}

export interface CategorySeed extends GermanTextsSeed {
  name: string;
  description: string;
  subcategories: readonly ({ name: string; description: string } & GermanTextsSeed)[];
}

export const ARTICLE_CATEGORIES: readonly (CategorySeed & Required<GermanTextsSeed>)[] = [
  {
    name: "Mugs",
    nameDe: "Tassen",
    description: "Printable mugs and cups",
    descriptionDe: "Bedruckbare Tassen und Becher",
    subcategories: [
      {
        name: "Ceramic mugs",
        nameDe: "Keramiktassen",
        description: "Classic ceramic mugs for sublimation printing",
        descriptionDe: "Klassische Keramiktassen für den Sublimationsdruck",
      },
      {
        name: "Enamel mugs",
        nameDe: "Emaillebecher",
        description: "Robust enamel mugs for outdoors",
        descriptionDe: "Robuste Emaillebecher für draußen",
      },
    ],
  },
  {
    name: "T-Shirts",
    nameDe: "T-Shirts",
    description: "Printable T-shirts",
    descriptionDe: "Bedruckbare T-Shirts",
    subcategories: [
      { name: "Unisex", nameDe: "Unisex", description: "Unisex cuts", descriptionDe: "Unisex-Schnitte" },
      { name: "Kids", nameDe: "Kinder", description: "T-shirts for children", descriptionDe: "T-Shirts für Kinder" },
    ],
  },
];

export const SUPPLIER = {
  companyName: "Keramikdruck Weber GmbH",
  website: "https://keramikdruck-weber.example",
  title: "Ms",
  firstName: "Anna",
  lastName: "Weber",
  email: "vertrieb@keramikdruck-weber.example",
  street: "Industriestraße",
  houseNumber: "12",
  city: "Köln",
  postalCode: "50829",
  countryCode: DEFAULT_COUNTRY_CODE,
  phone1: "+49 221 98765430",
  phone2: "+49 221 98765431",
  phone3: "+49 151 23456789",
} as const;

export interface PriceSeed {
  purchasePriceCents: number;
  purchaseCostCents: number;
  salesTotalGrossCents: number;
}

export const MUG_ARTICLE = {
  articleNumber: "MUG-001",
  name: "Classic Mug 250",
  nameDe: "Klassische Tasse 250 ml",
  shortDescription: "White ceramic mug for full-wrap photo prints",
  shortDescriptionDe: "Weiße Keramiktasse für rundum bedruckte Fotos",
  longDescription:
    "A classic glossy ceramic mug with a sublimation coating. The print wraps around the body and " +
    "leaves the handle area free. Dishwasher and microwave safe.",
  longDescriptionDe:
    "Eine klassische, glänzende Keramiktasse mit Sublimationsbeschichtung. Der Druck läuft rund um die " +
    "Tasse und lässt den Bereich am Henkel frei. Spülmaschinen- und mikrowellengeeignet.",
  formerNames: ["Classic Mug 330"],
  category: "Mugs",
  subcategory: "Ceramic mugs",
  supplierArticleName: "Sublimationstasse Classic weiß",
  supplierArticleNumber: "KW-TS-250",
  details: {
    heightMm: 95,
    diameterMm: 82,
    fillingQuantityMl: 250,
    dishwasherSafe: true,
    // Circumference π·82 ≈ 257.6 mm; the 200 mm wrap leaves room for the handle.
    printTemplateWidthMm: 200,
    printTemplateHeightMm: 80,
    documentWidthMm: 210,
    documentHeightMm: 90,
    documentBottomMarginMm: 5,
  },
  price: { purchasePriceCents: 350, purchaseCostCents: 50, salesTotalGrossCents: 1499 } satisfies PriceSeed,
  variants: [
    { name: "White", nameDe: "Weiß", number: "MUG-001-WHT", inside: "#FFFFFF", outside: "#FFFFFF", isDefault: true },
    { name: "Black", nameDe: "Schwarz", number: "MUG-001-BLK", inside: "#000000", outside: "#000000", isDefault: false },
    { name: "Red inside", nameDe: "Innen rot", number: "MUG-001-RED", inside: "#C62828", outside: "#FFFFFF", isDefault: false },
    { name: "Blue inside", nameDe: "Innen blau", number: "MUG-001-BLU", inside: "#1565C0", outside: "#FFFFFF", isDefault: false },
  ],
} as const;

export const SHIRT_ARTICLE = {
  articleNumber: "SHIRT-001",
  name: "Classic T-Shirt",
  nameDe: "Klassisches T-Shirt",
  shortDescription: "Soft cotton T-shirt with a front print",
  shortDescriptionDe: "Weiches Baumwoll-T-Shirt mit Druck auf der Vorderseite",
  longDescription: "A regular-fit unisex T-shirt made of 100% cotton, printed on the front.",
  longDescriptionDe: "Ein Unisex-T-Shirt in normaler Passform aus 100 % Baumwolle, auf der Vorderseite bedruckt.",
  formerNames: [],
  category: "T-Shirts",
  subcategory: "Unisex",
  supplierArticleName: "Basic Tee Unisex",
  supplierArticleNumber: "KW-TEE-01",
  details: {
    material: "100% cotton",
    careInstructions: "Machine wash at 30 °C inside out. Do not tumble dry. Do not iron the print.",
    fitType: "REGULAR",
    availableSizes: ["S", "M", "L", "XL"],
  },
  colors: [
    { color: "White", colorDe: "Weiß" },
    { color: "Black", colorDe: "Schwarz" },
  ],
  price: { purchasePriceCents: 600, purchaseCostCents: 100, salesTotalGrossCents: 2499 } satisfies PriceSeed,
} as const;

export const OFFLINE_MODEL = { provider: "offline", modelId: "offline-style" } as const;

export const AI_MODELS: readonly { provider: AiProvider; modelId: string; displayName: string; capabilities: string[] }[] = [
  { provider: "openai", modelId: "gpt-image-1", displayName: "OpenAI GPT Image", capabilities: ["image-edit", "text-to-image"] },
  {
    provider: "google",
    modelId: "gemini-2.5-flash-image",
    displayName: "Google Gemini 2.5 Flash Image",
    capabilities: ["image-edit", "text-to-image"],
  },
  {
    provider: "flux",
    modelId: "flux-kontext-pro",
    displayName: "Black Forest Labs FLUX.1 Kontext Pro",
    capabilities: ["image-edit", "text-to-image"],
  },
  { ...OFFLINE_MODEL, displayName: "Offline style filter (no AI)", capabilities: ["image-edit"] },
];

export const PROMPT_CATEGORIES: readonly (CategorySeed & Required<GermanTextsSeed>)[] = [
  {
    name: "Art styles",
    description: "Classic painting and drawing techniques",
    nameDe: "Kunststile",
    descriptionDe: "Klassische Mal- und Zeichentechniken",
    subcategories: [
      { name: "Painting", description: "Brush and paint based looks", nameDe: "Malerei", descriptionDe: "Looks mit Pinsel und Farbe" },
      {
        name: "Drawing",
        description: "Pencil, ink and line art",
        nameDe: "Zeichnung",
        descriptionDe: "Bleistift, Tusche und Strichzeichnungen",
      },
    ],
  },
  {
    name: "Fun",
    description: "Playful, bold and retro looks",
    nameDe: "Spaß",
    descriptionDe: "Verspielte, kräftige und Retro-Looks",
    subcategories: [
      { name: "Retro", description: "Looks from past decades", nameDe: "Retro", descriptionDe: "Looks vergangener Jahrzehnte" },
    ],
  },
];

export type PromptArt = "pop-art" | "pencil" | "watercolour" | "duotone" | "comic" | "vintage";

export interface PromptSeed {
  promptNumber: string;
  title: string;
  titleDe: string;
  description: string;
  descriptionDe: string;
  category: string;
  subcategory?: string;
  art: PromptArt;
  styleText: string;
  archived?: boolean;
  slots?: readonly string[];
}

export const PROMPTS: readonly PromptSeed[] = [
  {
    promptNumber: "P-001",
    title: "Pop Art",
    titleDe: "Pop-Art",
    description: "Bold comic colours, black outlines and halftone dots from the 1960s.",
    descriptionDe: "Kräftige Comicfarben, schwarze Konturen und Rasterpunkte im Stil der 1960er.",
    category: "Fun",
    subcategory: "Retro",
    art: "pop-art",
    styleText:
      "Transform the photo into a 1960s pop art print in the style of screen-printed comics: flat saturated " +
      "primary colours, bold black outlines, Ben-Day halftone dots in the shadows and a solid bright background. " +
      "Keep the person's face and pose recognisable.",
    slots: ["Background/City skyline", "Mood/Cheerful"],
  },
  {
    promptNumber: "P-002",
    title: "Pencil Sketch",
    titleDe: "Bleistiftskizze",
    description: "A detailed graphite drawing with cross-hatched shadows on paper.",
    descriptionDe: "Eine detaillierte Graphitzeichnung mit schraffierten Schatten auf Papier.",
    category: "Art styles",
    subcategory: "Drawing",
    art: "pencil",
    styleText:
      "Redraw the photo as a detailed graphite pencil sketch on off-white paper: fine confident contour lines, " +
      "cross-hatching for shadows, soft smudged mid-tones and no colour. Leave the background mostly blank paper.",
  },
  {
    promptNumber: "P-003",
    title: "Watercolour",
    titleDe: "Aquarell",
    description: "Soft transparent washes and bleeding edges in pastel tones.",
    descriptionDe: "Zarte, transparente Lasuren und verlaufende Ränder in Pastelltönen.",
    category: "Art styles",
    subcategory: "Painting",
    art: "watercolour",
    styleText:
      "Paint the photo as a loose watercolour illustration: transparent washes, soft bleeding edges, visible paper " +
      "texture, a light pastel palette and a few darker accents around the eyes and outlines.",
    slots: ["Background/Enchanted forest", "Mood/Dreamy", "Lighting/Golden hour"],
  },
  {
    promptNumber: "P-004",
    title: "Duotone",
    titleDe: "Duoton",
    description: "A striking two-colour graphic in navy blue and coral.",
    descriptionDe: "Eine markante Zweifarbgrafik in Marineblau und Koralle.",
    category: "Art styles",
    art: "duotone",
    styleText:
      "Turn the photo into a high-contrast duotone graphic using only deep navy blue for shadows and warm coral pink " +
      "for highlights, with smooth gradients between the two and no other colours.",
  },
  {
    promptNumber: "P-005",
    title: "Comic",
    titleDe: "Comic",
    description: "A modern comic panel with inked lines, cel shading and speed lines.",
    descriptionDe: "Ein modernes Comicbild mit Tuschelinien, Cel-Shading und Bewegungslinien.",
    category: "Fun",
    art: "comic",
    styleText:
      "Redraw the photo as a modern comic book panel: clean inked line art, cel shading with two tones per colour, " +
      "vivid colours, dynamic speed lines in the background and an empty speech bubble in a corner.",
    slots: ["Mood/Dramatic"],
  },
  {
    promptNumber: "P-006",
    title: "Vintage Poster",
    titleDe: "Vintage-Plakat",
    description: "A 1950s travel poster in teal, mustard and burnt orange.",
    descriptionDe: "Ein Reiseplakat der 1950er in Petrol, Senfgelb und gebranntem Orange.",
    category: "Fun",
    subcategory: "Retro",
    art: "vintage",
    styleText:
      "Render the photo as a 1950s vintage travel poster: simplified flat shapes, a limited palette of teal, " +
      "mustard and burnt orange, subtle grain and sun rays behind the subject.",
    slots: ["Background/Beach at sunset", "Lighting/Golden hour"],
  },
  {
    promptNumber: "P-007",
    title: "Neon Glow (retired)",
    titleDe: "Neonleuchten (eingestellt)",
    description: "Glowing magenta and cyan neon outlines on a dark brick wall.",
    descriptionDe: "Leuchtende Neonkonturen in Magenta und Cyan auf dunkler Backsteinwand.",
    category: "Fun",
    art: "duotone",
    archived: true,
    styleText:
      "Redraw the photo as glowing neon tubes on a dark brick wall: thin luminous magenta and cyan outlines, " +
      "soft light bloom and deep black shadows.",
  },
];

export const SLOT_TYPES: readonly {
  name: string;
  nameDe: string;
  position: number;
  variants: readonly { name: string; prompt: string; description: string }[];
}[] = [
  {
    name: "Background",
    nameDe: "Hintergrund",
    position: 1,
    variants: [
      {
        name: "Beach at sunset",
        prompt: "Place the subject on a sandy beach at sunset with gentle waves.",
        description: "Warm beach scene",
      },
      { name: "City skyline", prompt: "Place the subject in front of a city skyline with tall buildings.", description: "Urban backdrop" },
      {
        name: "Enchanted forest",
        prompt: "Place the subject in an enchanted forest with soft mist and ferns.",
        description: "Fairy-tale forest",
      },
    ],
  },
  {
    name: "Mood",
    nameDe: "Stimmung",
    position: 2,
    variants: [
      { name: "Cheerful", prompt: "Give the scene a cheerful, upbeat mood with bright colours.", description: "Happy and bright" },
      { name: "Dreamy", prompt: "Give the scene a soft, dreamy mood with gentle haze.", description: "Soft and calm" },
      { name: "Dramatic", prompt: "Give the scene a dramatic mood with strong contrast.", description: "Bold contrast" },
    ],
  },
  {
    name: "Lighting",
    nameDe: "Beleuchtung",
    position: 3,
    variants: [
      { name: "Golden hour", prompt: "Light the scene with warm, low golden-hour sunlight.", description: "Warm low sun" },
      { name: "Studio softbox", prompt: "Light the subject evenly with a large studio softbox.", description: "Even studio light" },
    ],
  },
];

export const DEFAULT_ADMIN = { email: "admin@example.com", password: "admin12345", firstName: "Shop", lastName: "Admin" } as const;
