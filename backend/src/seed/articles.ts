// The blog's first articles, created (published) on the first start: see src/bootstrap/content.ts. Editors own
// them from then on. Bodies are Markdown; they live in a TypeScript module because the compile step (tsc) copies
// only .ts and .json files into dist/, and Markdown in JSON strings would be unreadable to edit.

/** An article as the seed creates it; `publishedAt` keeps the date it was first published on the site. */
export interface SeedArticle {
  title: string;
  slug: string;
  description: string;
  author: string;
  tags: string[];
  publishedAt: string;
  body: string;
}

export const SEED_ARTICLES: readonly SeedArticle[] = [
  {
    title: 'How to check your answer to a linear equation in under a minute',
    slug: 'check-your-answer-to-a-linear-equation',
    description:
      'Substitute, simplify both sides, compare. A habit that catches most sign and arithmetic slips before your teacher does.',
    author: 'StudyEase Team',
    tags: ['math', 'algebra', 'checking'],
    publishedAt: '2026-11-02T08:00:00.000Z',
    body: `Solving an equation is only half the job. The other half takes less than a minute and catches most mistakes:
**put your answer back into the original equation and see whether both sides agree.**

## The method

1. Go back to the equation **as it was given**, not to a line of your own working. A slip in your first step
   would otherwise be checked against itself.
2. Replace every $x$ with your answer, in brackets: $x = -3$ becomes $(-3)$. The brackets keep the signs right.
3. Work out the left side and the right side **separately**.
4. Compare. Equal sides mean the answer is right; different sides mean there is a mistake somewhere.

## A worked example

Solve $3(x - 2) = 2x + 5$.

Expanding gives $3x - 6 = 2x + 5$, so $x = 11$.

Check with the original equation:

- Left side: $3(11 - 2) = 3 \\cdot 9 = 27$
- Right side: $2 \\cdot 11 + 5 = 22 + 5 = 27$

Both sides are 27, so $x = 11$ is right.

## When the check fails

Suppose you had written $3x - 2 = 2x + 5$ (forgetting to multiply the 2) and found $x = 7$. The check gives
$3(7 - 2) = 15$ on the left and $2 \\cdot 7 + 5 = 19$ on the right. They differ, so you know to look again, and the
first line is the place to start.

## Equations with fractions

If the equation has $x$ in a denominator, check one more thing: the answer must not make any denominator zero.
For $\\frac{1}{x - 2} = \\frac{3}{x - 2}$, the algebra can lead to $x = 2$, which is not allowed. Such an equation has **no
solution**, and saying so is the correct answer.

This is exactly the check StudyEase runs on every answer its math solver gives: the solution is substituted back
into your equation before you see the "Checked" badge. Try it with your next homework question in the
[math solver](/ai-math-solver).
`,
  },
  {
    title: 'Balancing chemical equations: a method that always works',
    slug: 'balancing-chemical-equations-step-by-step',
    description:
      'Count atoms, start with the most complicated molecule, leave oxygen and hydrogen for last, and know when to switch to algebra.',
    author: 'StudyEase Team',
    tags: ['chemistry', 'equations'],
    publishedAt: '2026-10-20T08:00:00.000Z',
    body: `A chemical equation is balanced when every element has the same number of atoms on both sides. You may change
the **coefficients** (the numbers in front), never the **subscripts** (the small numbers inside a formula):
changing $\\mathrm{H}_{2}\\mathrm{O}$ to $\\mathrm{H}_{2}\\mathrm{O}_{2}$ would turn water into hydrogen peroxide.

## The inspection method

Take the combustion of propane: $\\mathrm{C}_{3}\\mathrm{H}_{8} + \\mathrm{O}_{2} \\rightarrow \\mathrm{CO}_{2} + \\mathrm{H}_{2}\\mathrm{O}$.

1. **Start with the most complicated molecule** and give it the coefficient 1: $1\\,\\mathrm{C}_{3}\\mathrm{H}_{8}$.
2. **Balance carbon**: 3 carbon atoms on the left need $3\\,\\mathrm{CO}_{2}$ on the right.
3. **Balance hydrogen**: 8 hydrogen atoms need $4\\,\\mathrm{H}_{2}\\mathrm{O}$.
4. **Balance oxygen last**: the right side now has $3 \\cdot 2 + 4 \\cdot 1 = 10$ oxygen atoms, so the left needs $5\\,\\mathrm{O}_{2}$.

Result: $\\mathrm{C}_{3}\\mathrm{H}_{8} + 5\\,\\mathrm{O}_{2} \\rightarrow 3\\,\\mathrm{CO}_{2} + 4\\,\\mathrm{H}_{2}\\mathrm{O}$.

## Check by counting

| Element | Left | Right |
| ------- | ---- | ----- |
| C       | 3    | 3     |
| H       | 8    | 8     |
| O       | 10   | 10    |

Every row matches, so the equation is balanced.

## Brackets and hydrates

- In $\\mathrm{Ca(OH)}_{2}$ the 2 multiplies everything inside the bracket: 1 Ca, 2 O, 2 H.
- In $\\mathrm{CuSO}_{4} \\cdot 5\\,\\mathrm{H}_{2}\\mathrm{O}$ the dot means "together with": count 5 water molecules (10 H and 5 O) on top of $\\mathrm{CuSO}_{4}$.

## When inspection gets stuck

For large equations, write one unknown per coefficient and one equation per element, then solve the system.
This always finds the smallest whole-number coefficients, or proves that the equation cannot be balanced, which
happens when a product contains an element that no reactant has. The StudyEase chemistry solver uses this
algebraic method and shows you the atom count table as its check: try it in the
[chemistry solver](/ai-chemistry-solver).
`,
  },
  {
    title: 'Why asking for a hint beats reading the full solution',
    slug: 'hints-before-answers',
    description:
      'Reading a solution feels like learning. Working the next step yourself is what makes you able to do it in the test.',
    author: 'StudyEase Team',
    tags: ['study skills'],
    publishedAt: '2026-09-28T08:00:00.000Z',
    body: `When you are stuck, the quickest way out is to read the whole solution. It feels productive: every step makes
sense as you read it. The trouble shows up a week later, in the test, when there is no solution to read.

## Recognising is not the same as producing

Following someone else's steps trains you to **recognise** a good solution. A test asks you to **produce** one.
Psychologists call the gap the _illusion of competence_: material that is easy to read feels learned.

## The hint ladder

A better habit is to take the smallest piece of help that gets you moving again:

1. **A hint**: which idea or formula applies. Then try the next step yourself.
2. **The next step**: only if the hint was not enough. Then continue on your own.
3. **The full solution**: when you have tried, so you can compare your work with it line by line.

Each time you produce a step yourself, you practise the exact skill the test will ask for.

## Close the loop with practice

After solving a problem with help, do one more **like it** without help. If you can, the method is yours. If you
cannot, you know precisely what to ask about next.

StudyEase is built around this ladder: every answer can be revealed a hint at a time, and comes with similar
practice questions whose answers are checked when you submit them. The
[homework helper](/ai-homework-helper) is a good place to start.
`,
  },
];
