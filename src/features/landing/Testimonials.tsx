import { Section } from './Section.tsx';

const testimonials = [
  {
    quote:
      'I had no idea what to write about. The topic ideas came straight from my own activities, and the sample showed me how to turn them into a story.',
    name: 'Maya R.',
    detail: 'High-school senior, applying to engineering programs',
  },
  {
    quote:
      'The follow-up questions made me remember details I had forgotten. I finished my first full draft in one evening.',
    name: 'Daniel K.',
    detail: 'High-school senior, first-generation applicant',
  },
  {
    quote:
      'Reading a sample built from my answers helped me find my own voice. My counselor said my final essay was the most personal one I had written.',
    name: 'Priya S.',
    detail: 'High-school junior, planning ahead',
  },
] as const;

export function Testimonials() {
  return (
    <Section id="stories" title="Student Success Stories" lead="What students say about writing with Essay Studio.">
      <ul className="testimonial-grid">
        {testimonials.map((item) => (
          <li key={item.name}>
            <figure className="card testimonial">
              <blockquote>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption>
                <span className="testimonial-name">{item.name}</span>
                <span className="testimonial-detail">{item.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
