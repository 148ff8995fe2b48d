// "/" and "/editor" are the same screen (spec section 2).
export { default, generateMetadata } from "../(home)/page";
