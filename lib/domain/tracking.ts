const CARRIERS: readonly { match: RegExp; url: (n: string) => string }[] = [
  { match: /\bdhl\b|deutsche post/i, url: (n) => `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${n}` },
  { match: /\bdpd\b/i, url: (n) => `https://tracking.dpd.de/status/de_DE/parcel/${n}` },
  { match: /\bhermes\b/i, url: (n) => `https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation/#${n}` },
  { match: /\bgls\b/i, url: (n) => `https://gls-group.com/DE/de/paketverfolgung?match=${n}` },
  { match: /\bups\b/i, url: (n) => `https://www.ups.com/track?loc=de_DE&tracknum=${n}` },
];

export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const known = CARRIERS.find((c) => c.match.test(carrier));
  return known ? known.url(encodeURIComponent(trackingNumber.replace(/\s+/g, ""))) : null;
}
