// swagger-ui-dist ships no types; its absolute-path.js exports one function returning the package's folder.
declare module 'swagger-ui-dist/absolute-path.js' {
  export default function getAbsoluteFSPath(): string;
}
