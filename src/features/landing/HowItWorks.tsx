import { Section } from './Section.tsx';

const steps = [
  {
    title: 'Share your story',
    text: 'Answer a short questionnaire about your background, activities, goals and the moments that shaped you.',
  },
  {
    title: 'Select your topic',
    text: 'Choose one of the seven Common App prompts and pick from topic ideas drawn from your own answers, or name your own topic.',
  },
  {
    title: 'Craft your essay',
    text: 'Answer a few follow-up questions and get a sample essay you can copy, download, refine and regenerate.',
  },
] as const;

export function HowItWorks() {
  return (
    <Section id="how-it-works" title="How It Works" lead="Three steps from a blank page to a sample essay that sounds like you.">
      <ol className="steps">
        {steps.map((step, index) => (
          <li className="card step" key={step.title}>
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
