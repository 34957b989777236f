import { describe, expect, test } from 'vitest';
import { type CmsPlan, fairUseLines, toPlan } from '@/lib/cms/pricing';

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

describe('fairUseLines', () => {
  test('states each configured limit with its number', () => {
    const lines = fairUseLines({ freeDailyQuestions: 20, modelDailyAnswers: 1500, publicModelDailyAnswers: 5 });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('up to 20 questions a day');
    expect(lines[1]).toContain('writes up to 1,500 answers a day for each account, retries included');
    expect(lines[2]).toContain('up to 5 AI model answers a day');
  });

  test('leaves out a limit that is off (0)', () => {
    expect(fairUseLines({ freeDailyQuestions: 0, modelDailyAnswers: 0, publicModelDailyAnswers: 3 })).toHaveLength(1);
    expect(fairUseLines({ freeDailyQuestions: 0, modelDailyAnswers: 0, publicModelDailyAnswers: 0 })).toEqual([]);
  });
});
