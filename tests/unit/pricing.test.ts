import { describe, expect, test } from 'vitest';
import { type CmsPlan, fairUseLines, planFeatures, pricingLede, toPlan, waitingListAddress } from '@/lib/cms/pricing';

const free: CmsPlan = {
  name: 'Free',
  slug: 'free',
  price: 0,
  currency: 'USD',
  period: 'forever',
  features: ['{freeDailyQuestions} questions a day with every tool', 'Hints', 42],
  highlighted: false,
  ctaLabel: 'Start for free',
  order: 1,
};

describe('toPlan', () => {
  test('puts the configured limit in the features and formats the price', () => {
    expect(toPlan(free, 20)).toMatchObject({
      price: '$0',
      period: '',
      free: true,
      features: ['20 questions a day with every tool', 'Hints'],
    });
  });

  test('no limit configured says so', () => {
    expect(toPlan(free, 0).features[0]).toBe('Unlimited questions a day with every tool');
  });

  test('a paid plan has its period; decimals come as strings from the API', () => {
    expect(toPlan({ ...free, price: '4.5', currency: 'EUR', period: 'month' }, 20)).toMatchObject({
      price: '€4.50',
      period: '/ month',
      free: false,
    });
  });

  test('a bad price stops the build', () => {
    expect(() => toPlan({ ...free, price: 'n/a' }, 20)).toThrow('no valid price');
  });
});

describe('planFeatures', () => {
  const plus = [
    'Everything in Free',
    '{ifDailyLimit}More questions every day, for exam season',
    '{ifNoDailyLimit}Priority when the service is busy',
  ];

  test('with the limit on, a paid plan offers more questions and the free plan states the number', () => {
    expect(planFeatures(plus, 20)).toEqual(['Everything in Free', 'More questions every day, for exam season']);
    expect(planFeatures(['{freeDailyQuestions} questions a day'], 1500)).toEqual(['1,500 questions a day']);
  });

  test('with the limit off, no plan offers more questions than the unlimited free plan', () => {
    const free = planFeatures(['{freeDailyQuestions} questions a day with every tool'], 0);
    const paid = planFeatures(plus, 0);
    expect(free).toEqual(['Unlimited questions a day with every tool']);
    expect(paid).toEqual(['Everything in Free', 'Priority when the service is busy']);
    expect(paid.join(' ')).not.toMatch(/more questions/i);
  });
});

describe('pricingLede', () => {
  test('states the limit when it is on, and no limit when it is off', () => {
    expect(pricingLede(20)).toContain('up to 20 questions a day');
    expect(pricingLede(0)).toContain('no daily limit on questions');
    expect(pricingLede(0)).not.toMatch(/\d/);
  });
});

describe('waitingListAddress', () => {
  test('finds the address a paid plan note asks students to write to', () => {
    expect(
      waitingListAddress('Plus is not on sale online yet. To join the early-access list, write to help@studyease.app.'),
    ).toBe('help@studyease.app');
    expect(waitingListAddress('Write to (team+plus@example.org), please')).toBe('team+plus@example.org');
  });

  test('no address, no link', () => {
    expect(waitingListAddress('Coming soon.')).toBeNull();
    expect(waitingListAddress(null)).toBeNull();
  });
});

describe('fairUseLines', () => {
  test('states each configured limit with its number', () => {
    const lines = fairUseLines({ freeDailyQuestions: 20, modelDailyAnswers: 1500, publicModelDailyAnswers: 5 });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('up to 20 questions a day');
    expect(lines[1]).toContain('writes up to 1,500 answers a day for each account, including the ones you ask it');
    expect(lines[2]).toContain('up to 5 answers a day from the AI model');
    // Written for a student: no word of ours such as "engine" or "retries".
    expect(lines.join(' ')).not.toMatch(/engine|retries|try box/i);
  });

  test('leaves out a limit that is off (0)', () => {
    expect(fairUseLines({ freeDailyQuestions: 0, modelDailyAnswers: 0, publicModelDailyAnswers: 3 })).toHaveLength(1);
    expect(fairUseLines({ freeDailyQuestions: 0, modelDailyAnswers: 0, publicModelDailyAnswers: 0 })).toEqual([]);
  });
});
