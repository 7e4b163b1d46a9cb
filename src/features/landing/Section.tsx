// One section of the landing page: its anchor, the heading that names it for assistive technology, and its lead.
import type { ReactNode } from 'react';

interface SectionProps {
  /** The anchor the header links to; the heading's id is `<id>-title`. */
  id: string;
  title: string;
  lead?: string;
  tinted?: boolean;
  narrow?: boolean;
  children: ReactNode;
}

export function Section({ id, title, lead, tinted = false, narrow = false, children }: SectionProps) {
  return (
    <section className={tinted ? 'section section-tinted' : 'section'} id={id} aria-labelledby={`${id}-title`}>
      <div className={narrow ? 'container container-narrow' : 'container'}>
        <h2 id={`${id}-title`}>{title}</h2>
        {lead && <p className="section-lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
