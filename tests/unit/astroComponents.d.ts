// Plain `tsc` cannot read `.astro` files (only `astro check` can): tests that render a component with the
// Container API import it through this declaration.
declare module '*.astro' {
  const Component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default Component;
}
