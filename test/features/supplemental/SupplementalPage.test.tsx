import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

describe('/supplemental', () => {
  it('lists saved supplemental essays and goes back to the Common App essay', async () => {
    renderApp({
      route: paths.supplemental,
      preloadedState: {
        ...studentAt('essay-type'),
        supplemental: { supplementalEssays: [{ prompt: 'Why our college?', wordCount: 250, generatedEssay: 'Because of the lab.' }] },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Generate Supplemental Essay' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Why our college?' })).toBeInTheDocument();
    expect(screen.getByText('4/250')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Common App Essay' })).toHaveAttribute('href', paths.essayType);
  });
});
