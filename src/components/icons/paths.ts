/**
 * Icon outlines (24×24, drawn with a 2px stroke), bundled at build time: no icon is fetched at run time, so pages
 * make no request to public icon services. Shared by the Astro and React icon components.
 */
export const ICON_PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 1 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
  monitor: 'M3 4h18v12H3zM8 20h8M12 16v4',
  calculator: 'M5 2h14v20H5zM8 6h8v4H8zM8 14h.01M12 14h.01M16 14h.01M8 18h.01M12 18h.01M16 18h.01',
  atom: 'M12 2c3 0 5 4.5 5 10s-2 10-5 10-5-4.5-5-10 2-10 5-10zM2 12c0-3 4.5-5 10-5s10 2 10 5-4.5 5-10 5-10-2-10-5z',
  flask: 'M9 2h6M10 2v6L4 20h16L14 8V2M7 14h10',
  book: 'M2 4h7a3 3 0 0 1 3 3v14a2 2 0 0 0-2-2H2zM22 4h-7a3 3 0 0 0-3 3v14a2 2 0 0 1 2-2h8z',
  languages: 'M4 5h8M8 3v2M6 5c0 4 3 7 6 8M10 5c0 3-3 7-6 9M13 21l4-10 4 10M14.5 17h5',
  arrowRight: 'M5 12h14M13 6l6 6-6 6',
  check: 'M5 12l5 5L20 7',
  home: 'M3 11l9-8 9 8M5 10v10h14V10',
  plus: 'M12 5v14M5 12h14',
  message: 'M4 4h16v12H8l-4 4z',
  lock: 'M6 10h12v10H6zM8 10V7a4 4 0 0 1 8 0v3',
  lightbulb: 'M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V16h8v-1.3A7 7 0 0 0 12 2z',
  listChecks: 'M3 6l2 2 3-3M3 13l2 2 3-3M11 6h10M11 13h10M11 20h10M3 20h4',
  camera: 'M3 8h4l2-3h6l2 3h4v12H3zM12 10a3.5 3.5 0 1 0 0 7 3.5 3.5 0 1 0 0-7z',
  repeat: 'M17 2l4 4-4 4M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4M21 13v2a3 3 0 0 1-3 3H3',
  download: 'M12 3v12M7 10l5 5 5-5M4 21h16',
} as const;

export type IconName = keyof typeof ICON_PATHS;
