// Theme constants of the spec (§9) for Tailwind 4, loaded from src/styles/global.css with `@config`.
// The same numbers are in src/config.ts (UI) for scripts; change both together.

/** Primary colour: purple, steps 50–950. Light theme accents use 500, dark theme 400. */
const primary = {
  50: '#faf5ff',
  100: '#f3e8ff',
  200: '#e9d5ff',
  300: '#d8b4fe',
  400: '#c084fc',
  500: '#a855f7',
  600: '#9333ea',
  700: '#7e22ce',
  800: '#6b21a8',
  900: '#581c87',
  950: '#3b0764',
};

/** @type {import('tailwindcss').Config} */
module.exports = {
  content: ['./src/**/*.{astro,html,md,mdx,ts,tsx}'],
  theme: {
    extend: {
      colors: { primary },
      zIndex: {
        // Overlays stack from the spec's base of 2000 so they sit above any embedded widget.
        base: '2000',
        header: '2010',
        drawer: '2020',
        modal: '2030',
        toast: '2040',
        tooltip: '2050',
      },
      transitionDuration: {
        modal: '200ms',
        slideover: '200ms',
        drawer: '500ms',
      },
      transitionDelay: {
        tooltip: '700ms',
      },
      spacing: {
        'popover-offset': '8px',
        'logo-sm': '24px',
        'logo-md': '32px',
        'logo-lg': '40px',
      },
      fontFamily: {
        sans: [
          'ui-sans-serif',
          'system-ui',
          '-apple-system',
          'Segoe UI',
          'Roboto',
          'Helvetica Neue',
          'Arial',
          'sans-serif',
        ],
      },
    },
  },
};
