/** The part of js-yaml 4 the tests use (the package ships no types). */
declare module 'js-yaml' {
  /** Parses one YAML document; throws on malformed YAML. */
  export function load(text: string): unknown;
}
