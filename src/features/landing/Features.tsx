import { Icon, type IconName } from './Icon.tsx';
import { Section } from './Section.tsx';

const features: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'spark',
    title: 'AI suggestions',
    text: 'Topic ideas for every Common App prompt, drawn from your profile rather than a generic list.',
  },
  {
    icon: 'chat',
    title: 'Personalised questions',
    text: 'Follow-up questions about your chosen topic bring out the details only you can tell.',
  },
  {
    icon: 'layers',
    title: 'Multiple essay types',
    text: 'The Common App personal statement and supplemental essays with the word count you need.',
  },
  {
    icon: 'download',
    title: 'Instant download and copy',
    text: 'Copy your essay in one click or save it as a text file to keep working wherever you like.',
  },
  {
    icon: 'refresh',
    title: 'Unlimited regenerations',
    text: 'Not quite right? Generate a fresh version as often as you like with the paid plan.',
  },
  {
    icon: 'pen',
    title: 'Editing after generation',
    text: 'Change your answers and refine the result until the sample reflects your voice.',
  },
];

export function Features() {
  return (
    <Section id="features" title="Key Features" lead="Everything you need to go from ideas to a finished sample essay." tinted>
      <ul className="feature-grid">
        {features.map((feature) => (
          <li className="card feature" key={feature.title}>
            <span className="feature-icon">
              <Icon name={feature.icon} />
            </span>
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
