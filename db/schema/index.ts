export * from "./users";
export * from "./catalog";
export * from "./media";
export * from "./prompts";
export * from "./orders";
export * from "./system";
export * from "./discounts";
export * from "./mockups";
