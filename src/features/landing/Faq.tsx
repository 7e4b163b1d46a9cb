import { BASE_PRICE_CENTS, LAUNCH_PRICE_CENTS, formatDollars } from '../../common/money/pricing.ts';
import { Section } from './Section.tsx';

// <details>/<summary> give a keyboard- and screen-reader-accessible disclosure with no JavaScript at all.
const questions = [
  {
    question: 'How long does it take to get my essay?',
    answer:
      'Most students finish in 1–2 hours, from the first question to a finished sample essay. Your answers are saved as you go, so you can take a break and come back.',
  },
  {
    question: 'Can I submit the generated essay as my own?',
    answer:
      'No. The generated essay is a sample for reference only, not for submission as your own work. Use it to find your topic, structure and voice, then write your final essay in your own words.',
  },
  {
    question: 'What is free and what do I pay for?',
    answer: `The questionnaire, topic suggestions and follow-up questions are free. Generating and regenerating your essay needs the paid plan: ${formatDollars(BASE_PRICE_CENTS)}, or ${formatDollars(LAUNCH_PRICE_CENTS)} with a launch code.`,
  },
] as const;

export function Faq() {
  return (
    <Section id="faq" title="Frequently Asked Questions" narrow>
      <div className="faq-list">
        {questions.map((item) => (
          <details className="faq-item" key={item.question}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
