// "/" and "/editor" are the same screen.
export { default, generateMetadata } from "../page";
