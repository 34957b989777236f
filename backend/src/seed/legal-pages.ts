// The privacy policy and the terms of service, created (published) on the first start: see
// src/bootstrap/content.ts. Editors own them from then on. Bodies are Markdown, in a TypeScript module because the
// compile step copies only .ts and .json files into dist/.

/** A legal page as the seed creates it (the content type's fields). */
export interface SeedLegalPage {
  title: string;
  slug: string;
  effectiveDate: string;
  body: string;
}

/** The date both texts take effect (and were last updated). */
const EFFECTIVE_DATE = '2026-11-22';

/**
 * @param supportEmail - the address students write to (`SUPPORT_EMAIL`), named as the contact in both texts
 * @returns the privacy policy and the terms of service
 */
export const seedLegalPages = (supportEmail: string): SeedLegalPage[] => [
  {
    title: 'Privacy Policy',
    slug: 'privacy-policy',
    effectiveDate: EFFECTIVE_DATE,
    body: `StudyEase is a study site: AI tools that help students understand their homework. This policy explains what
we store about you, why, who else sees it, how long we keep it, and how to have it corrected or deleted. We do
not sell personal data and we do not show advertising.

## What we store

**Your account.** When you sign up we store your username, your email address and a hash of your password. The
hash is computed with bcrypt; we never store or see the password itself. If you sign in with another provider, we
receive your email address and username from it, never your password there. We also store whether you confirmed
your email address and when the account was created.

**Your conversations.** When you use a tool while signed in, we store your conversations: the questions you ask,
the options you chose (for example the languages of a translation), the answers you receive, and when each message
was sent. We keep them so that you can come back to them, and we count the questions you send each day to apply
the free plan's daily limit.

**A visitor identifier.** To apply usage limits fairly to visitors who are not signed in, your browser computes an
identifier from its characteristics (a browser fingerprint, using the open-source FingerprintJS library, which runs
in your browser and sends nothing to its makers). It is kept in your browser's local storage and sent with your
questions to the tools. On our side it is used only to count requests over a few minutes; it is not stored in our
database, not linked to your account, and not used to track you across other sites.

**Technical logs.** Like every web server, ours records requests: IP address, the page or address requested, the
time and the result. We use these logs to keep the service running and secure, for example to stop abuse.

## Why we use it

- To provide the service you asked for: your account, signing you in, your conversation history, answering your
  questions. This is necessary to perform our agreement with you (the [Terms of Service](/terms-of-service)).
- To apply usage limits, prevent abuse and keep the service secure: our legitimate interest in a service that stays
  available and fair for everyone.
- To send you the emails the service needs: confirming your address and resetting your password. We do not send
  marketing emails.

## AI model providers

Some answers are written with the help of an AI model run by a third-party provider. To produce such an answer,
the text of your question and the context the tool needs (for example the earlier messages of the same
conversation and the options you chose) are sent to the provider. Your name, email address and account details are
not sent. The provider processes the text only to produce the answer, under its agreement with us. Math, physics
and chemistry questions are worked out by our own solvers wherever they can, without any provider.

Please do not type personal information you do not want processed into a question: the tools do not need it.

## Cookies and browser storage

We use only what the site needs to work. There are no advertising or cross-site tracking cookies.

| Name | Kind | What it is for | How long |
| ---- | ---- | -------------- | -------- |
| \`studyease_jwt\` | cookie | keeps you signed in (your session token) | until you sign out, at most the token's lifetime (30 days) |
| \`studyease_locale\` | cookie | the language you chose | 1 year |
| \`studyease_auth_redirect\` | cookie | the page to return to after signing in | 1 day |
| \`studyease:color-mode\` | local storage | light or dark mode | until you clear it |
| \`studyease:visitor\` | local storage | the visitor identifier described above | until you clear it |
| other \`studyease:\` keys | local storage | preferences such as your last translation languages or "hints first" | until you clear it |

Signing in with another provider also sets a short-lived session cookie that carries the sign-in between the
provider and us. Local storage stays in your browser and is not sent to us, except the visitor identifier as
described above.

## Who else processes your data

We share personal data only with the service providers we need to run StudyEase, each under an agreement that
allows them to use it only on our behalf: our hosting provider (servers and database), our email delivery provider
(account emails), and the AI model provider (the text of questions, as described above). We disclose data to
authorities only when the law requires it.

## How long we keep it

- **Account**: until you delete it.
- **Conversations**: until you delete them, or your account. Deleting a conversation deletes all its messages with
  it, straight away.
- **Technical logs**: up to 30 days, unless we need them longer to investigate a specific incident of abuse.
- **Backups**: deleted data can remain in encrypted backups for up to 30 days before they are overwritten.

## Your rights

You can ask us for a copy of your data, to correct it, to delete it, to restrict or object to its processing, or to
receive it in a portable format. Write to ${supportEmail} from the email address of your account so that we can
tell it is you; we answer within 30 days. To delete your account, write to the same address: we delete the account
and all its conversations. If you think we handle your data unlawfully, you may also complain to your data
protection authority.

## Children

StudyEase is for students aged **13 and over**. Do not create an account if you are younger. If the law of your
country sets a higher age for agreeing to the processing of your data, a parent or guardian must agree for you. If
we learn that an account belongs to a child under 13, we delete it; a parent who believes this has happened can
write to ${supportEmail}.

## Security

Connections to StudyEase are encrypted, passwords are stored only as hashes, and every conversation can be read
only by its owner. No system is perfectly secure: if a breach affects your data, we will tell you and the
authorities as the law requires.

## Changes

When this policy changes, we publish the new version on this page with its date before it applies, and for
important changes we also tell signed-in users on the site.

## Contact

Questions about this policy or your data: ${supportEmail}.
`,
  },
  {
    title: 'Terms of Service',
    slug: 'terms-of-service',
    effectiveDate: EFFECTIVE_DATE,
    body: `These terms are the agreement between you and StudyEase for using the StudyEase site and its tools. By
creating an account or using the tools, you accept them. Please read them; they are written to be read.

## Who may use StudyEase

You must be **13 or older**. If you are under the age of majority where you live, a parent or guardian must agree
to these terms for you. You may have one account; keep your password to yourself, because you are responsible for
what is done with your account. Tell us at ${supportEmail} if you think someone else is using it.

## What StudyEase is

StudyEase is a study aid: tools that explain, solve step by step, check answers, give hints and suggest practice
questions for homework in math, physics, chemistry, languages and other subjects. It helps you learn; it does not
replace your teacher, your course materials or your own work.

## Acceptable use

You agree not to:

- use StudyEase during a graded exam, test or quiz, or to complete assessed work in a way your school does not
  allow; follow your school's rules on getting help, and do not hand in work as your own when it is not;
- try to get around the usage limits, for example with several accounts, scripts, or by resetting or faking your
  visitor identifier;
- scrape the site, send automated requests, overload the service, or try to break into it or into other users'
  accounts and conversations;
- submit content that is illegal, harmful, hateful or harassing, or that contains other people's personal data;
- use the answers to harm anyone.

We may suspend or close an account that breaks these rules, and we will tell you why unless the law prevents us.

## Answers can be wrong

Answers are produced by software: our own math, physics and chemistry solvers and, for what they cannot do, an AI
model. They are often right and sometimes wrong. Read the steps and make sure you understand them before you rely
on them.

The **Checked** badge means that an automatic check passed: for example, the solution was substituted back into
your equation, or the atoms on both sides of a chemical equation were counted. It shows that the answer passed that
test; it does not guarantee that the question was understood as you meant it or that the method is the one your
teacher expects. When an answer could not be checked, we say so. If something looks wrong, ask your teacher.

## The free plan and its limits

The free plan gives you every tool with a number of questions per day, shown on the [pricing page](/pricing). The
count resets every day at 00:00 UTC. Visitors who are not signed in can try the tools within a per-minute limit. We
may change the limits, and will show the current ones on the pricing page.

Plus, the paid plan, is not on sale online yet. If it opens to you, its price and conditions will be shown to you,
and you will agree to them, before anything is charged. StudyEase does not take payments on the site today.

## Your content

Your questions and conversations remain yours. You allow us to store and process them only to provide the service
to you, as described in the [Privacy Policy](/privacy-policy). You can delete a conversation at any time, and its
messages are deleted with it. The articles, design and software of StudyEase belong to us; the answers the tools
give you are yours to use for your studies.

## Availability

We work to keep StudyEase available, but we do not promise that it will always be, or that it will be free of
errors. We may change, add or remove features. If we ever close the service, we will tell signed-in users at least
30 days in advance so that they can copy what they need.

## Liability

StudyEase is provided "as is". To the extent the law allows, we are not liable for indirect or consequential
losses, for lost marks or grades, or for decisions made on the basis of an answer; and our total liability for any
claim about a free plan is limited to 50 US dollars. Nothing in these terms limits liability that cannot be limited
by law, or the rights you have as a consumer where you live.

## Ending the agreement

You can stop using StudyEase at any time and ask us to delete your account at ${supportEmail}. We may end these
terms for an account that breaks them, as described under Acceptable use.

## Changes to these terms

When these terms change, we publish the new version on this page with its date before it applies, and for
important changes we also tell signed-in users on the site. If you keep using StudyEase after that date, the new
terms apply; if you do not accept them, stop using the service and ask us to delete your account.

## Contact

Questions about these terms: ${supportEmail}.
`,
  },
];
