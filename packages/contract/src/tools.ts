/**
 * The tool ids and the translator's languages: plain constants with no schema library, so the content pages'
 * scripts can import them without shipping zod (`@studyease/contract/tools`).
 */

/** The five study tools; their ids name a tool everywhere: app URLs (/app/{id}), API calls and stored data. */
export const TOOL_IDS = ['translator', 'math-solver', 'physics-solver', 'chemistry-solver', 'homework-helper'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** Languages the translator offers, named as the model is asked for them (the site's selects list the same). */
export const TRANSLATOR_LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Dutch',
  'Polish',
  'Ukrainian',
  'Russian',
  'Turkish',
  'Arabic',
  'Hindi',
  'Chinese (Simplified)',
  'Japanese',
  'Korean',
  'Vietnamese',
] as const;
