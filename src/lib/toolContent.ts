/**
 * What the home and tool landing pages say beyond the tool list in lib/tools.ts: the questions their worked
 * examples are solved from at build time, the written examples of the model-only tools, and their FAQs.
 */
import type { ToolId } from '@/lib/tools';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** An example written by hand for a tool that answers through an AI model: never shown as checked. */
export interface WrittenExample {
  question: string;
  steps: readonly { title: string; explanation: string }[];
  answer: string;
}

export interface ToolContent {
  /** What the tool does, one short paragraph under the heading. */
  intro: string;
  /** Questions the offline engine solves and checks at build time (the solvers), shown as worked examples. */
  engineExamples: readonly string[];
  /** Shown instead for the tools only an AI model answers: a build must not depend on a model being configured. */
  writtenExamples: readonly WrittenExample[];
  faq: readonly FaqEntry[];
}

/** The home page's live example: solved by the math engine when the site is built. */
export const HOME_EXAMPLE = { tool: 'math-solver', question: 'x^2 - 5x + 6 = 0' } as const satisfies {
  tool: ToolId;
  question: string;
};

const EXAMS: FaqEntry = {
  question: 'Can I use StudyEase during an exam or a graded test?',
  answer:
    'No. Use it to practise and to understand your homework, not while you are being tested. Exams check what you ' +
    'can do on your own, and using an assistant there breaks the rules of your school.',
};

const CHECKED: FaqEntry = {
  question: 'What does the "Checked" badge mean?',
  answer:
    'It means the result was tested independently after it was found, for example by putting the roots back into ' +
    'the equation, comparing units, or counting the atoms on both sides. An answer that could not be tested, or ' +
    'whose test failed, says "Not checked" instead; we never mark a guess as checked.',
};

/**
 * The home page's FAQ: what students ask before they sign up.
 * @param freeDailyQuestions the backend's daily limit for a free account (0: no limit), so the page and the
 * enforcement never disagree
 */
export function homeFaq(freeDailyQuestions: number): FaqEntry[] {
  const daily =
    freeDailyQuestions > 0
      ? `A free account can ask ${String(freeDailyQuestions)} questions a day with every tool.`
      : 'A free account can ask as many questions as it likes.';
  return [
    {
      question: 'Is StudyEase free?',
      answer:
        'Yes. The free plan costs nothing and needs no card: every tool, step-by-step answers, hints and practice ' +
        'questions. The pricing page lists what the paid plan adds.',
    },
    {
      question: 'How many questions can I ask?',
      answer:
        `You can try one question on a tool page without an account. ${daily} Your answers are saved to your ` +
        'account so you can come back to them.',
    },
    {
      question: 'Is the answer checked?',
      answer:
        'The math, physics and chemistry solvers check every result before you see it: solutions are put back ' +
        'into the equation, units are compared, atoms are counted again. The translator and the homework helper ' +
        'answer through an AI model, and their answers say "Not checked" when they could not be tested.',
    },
    CHECKED,
    EXAMS,
    {
      question: 'Is my data private?',
      answer:
        'Your questions are used to answer you and are kept in your account until you delete them. We do not sell ' +
        'personal data and show no advertising. Questions for the translator and the homework helper are sent to ' +
        'the AI model provider to be answered. The privacy policy has the details.',
    },
    {
      question: 'Which subjects does it cover?',
      answer:
        'Math from arithmetic to calculus, physics (motion, forces, energy, circuits, waves), chemistry (balancing ' +
        'equations, molar mass, stoichiometry), translation of texts and exercises, and every other subject, from ' +
        'history to biology and essay writing, with the homework helper.',
    },
  ];
}

const ONE_FREE_TRY: FaqEntry = {
  question: 'Do I need an account?',
  answer:
    'Not for your first question: the box on this page answers one question without an account. Sign up for ' +
    'free to ask more and to keep your answers.',
};

export const TOOL_CONTENT: Record<ToolId, ToolContent> = {
  'math-solver': {
    intro:
      'Type an equation or an exercise the way it is written in your homework. The math solver works it out step ' +
      'by step, then checks the result, for example by putting the solutions back into the equation.',
    engineExamples: ['solve 3(x-1) = 2x + 4', 'x + y = 10, x - y = 2'],
    writtenExamples: [],
    faq: [
      ONE_FREE_TRY,
      {
        question: 'Which kinds of math problems can it solve?',
        answer:
          'Arithmetic, fractions and percentages, linear and quadratic equations, systems of equations, ' +
          'factoring and simplifying, exponential and logarithmic equations, derivatives, integrals, limits and ' +
          'inequalities.',
      },
      {
        question: 'How is the answer checked?',
        answer:
          'Solutions are substituted back into the equation, derivatives and integrals are compared with each ' +
          'other, and the answer is only marked "Checked" when every test passed.',
      },
      {
        question: 'How do I write powers, roots and fractions?',
        answer: 'Use ^ for powers (x^2), sqrt( ) for roots, / for fractions and brackets where they belong.',
      },
      EXAMS,
    ],
  },
  'physics-solver': {
    intro:
      'Describe the situation as your exercise does, with its numbers and units. The physics solver lists what is ' +
      'known, picks the formula, converts the units and checks that the result has the right unit and value.',
    engineExamples: [
      'A car accelerates from 0 to 27 m/s in 9 s, how far does it go?',
      'a 1.5 kΩ resistor carries 20 mA, find the voltage',
    ],
    writtenExamples: [],
    faq: [
      ONE_FREE_TRY,
      {
        question: 'Which topics does the physics solver cover?',
        answer:
          "Kinematics and free fall, Newton's laws and friction, work, energy, power and momentum, density and " +
          "pressure, Ohm's law and resistor circuits, waves and the ideal gas law.",
      },
      {
        question: 'Does it handle units like km/h or mA?',
        answer:
          'Yes. Every value is converted to SI units first, and the check confirms that the result has the unit ' +
          'the question asks for.',
      },
      {
        question: 'How many significant figures does the answer keep?',
        answer: 'As many as your data support; each answer says how it rounded.',
      },
      EXAMS,
    ],
  },
  'chemistry-solver': {
    intro:
      'Enter a reaction to balance, a formula, or a stoichiometry question. The chemistry solver shows each step ' +
      'and counts the atoms again, so you can see that the result holds.',
    engineExamples: ['Fe + O2 -> Fe2O3', 'molar mass of C6H12O6'],
    writtenExamples: [],
    faq: [
      ONE_FREE_TRY,
      {
        question: 'How do I type a chemical equation?',
        answer:
          'Write the formulas with plain numbers as subscripts and an arrow between the sides, for example ' +
          'Fe + O2 -> Fe2O3. Charges and hydrates such as CuSO4·5H2O work too.',
      },
      {
        question: 'Where do the atomic masses come from?',
        answer: 'From the standard atomic weights; molar masses are rounded to two decimals.',
      },
      {
        question: 'Can it find the limiting reagent?',
        answer: 'Yes: give the balanced or unbalanced equation and the amounts, and ask for the limiting reagent.',
      },
      EXAMS,
    ],
  },
  translator: {
    intro:
      'Paste a text or an exercise and get it back in another language, with formulas, numbers and units exactly as ' +
      'they were. The translator answers through an AI model, and checks that every number survived.',
    engineExamples: [],
    writtenExamples: [
      {
        question: 'Translate to German: Water boils at 100 °C at sea level.',
        steps: [
          { title: 'Keep the numbers and units', explanation: '100 °C stays exactly as written.' },
          {
            title: 'Translate the sentence',
            explanation: '"boils" is "siedet", "at sea level" is "auf Meereshöhe".',
          },
        ],
        answer: 'Wasser siedet auf Meereshöhe bei 100 °C.',
      },
    ],
    faq: [
      ONE_FREE_TRY,
      {
        question: 'Which languages can I translate between?',
        answer: 'The common school languages, such as English, German, French, Spanish, Italian and Chinese.',
      },
      {
        question: 'Are formulas and numbers changed?',
        answer:
          'No. Formulas, numbers and units are kept as written, and the answer says so when a number of your ' +
          'text is missing from the translation.',
      },
      {
        question: 'Is the translation checked?',
        answer:
          'Only that the numbers were kept. The wording comes from an AI model and is not checked beyond that, so ' +
          'read it with care.',
      },
      EXAMS,
    ],
  },
  'homework-helper': {
    intro:
      'Ask about any subject: the homework helper explains in plain words, gives hints before answers when you ' +
      'want to try first, and suggests questions to practise. It answers through an AI model.',
    engineExamples: [],
    writtenExamples: [
      {
        question: 'Explain photosynthesis in simple words',
        steps: [
          {
            title: 'What goes in',
            explanation: 'A plant takes in water through its roots and carbon dioxide from the air.',
          },
          {
            title: 'Where the energy comes from',
            explanation: 'Chlorophyll in the leaves captures sunlight and uses its energy to join them.',
          },
          {
            title: 'What comes out',
            explanation: 'The plant makes sugar (glucose) to grow, and releases oxygen into the air.',
          },
        ],
        answer: 'Photosynthesis: carbon dioxide + water + light energy → glucose + oxygen.',
      },
    ],
    faq: [
      ONE_FREE_TRY,
      {
        question: 'Which subjects can I ask about?',
        answer:
          'Any school subject: history, biology, geography, literature and essay writing, and more. Math, ' +
          'physics and chemistry questions go best to their own solvers, which check the result.',
      },
      {
        question: 'Will it write my essay for me?',
        answer:
          'It helps you plan, structure and improve your own writing, and explains what makes an argument strong. ' +
          'Handing in text you did not write is against the rules of most schools.',
      },
      {
        question: 'Is the answer checked?',
        answer:
          'Explanations come from an AI model and are marked "Not checked": compare them with your textbook. Where ' +
          'a math answer can be tested, it is.',
      },
      EXAMS,
    ],
  },
};

/**
 * A schema.org FAQPage for a list of questions (https://schema.org/FAQPage).
 * @param faq the questions and answers shown on the page, in order
 * @returns the JSON-LD object, without `@context` (StructuredData adds it)
 */
export function faqPageJsonLd(faq: readonly FaqEntry[]): Record<string, unknown> {
  return {
    '@type': 'FAQPage',
    mainEntity: faq.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
}
