import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  INSIGHT_CHAR_LIMIT, INSIGHT_QUESTIONS, WRITING_SAMPLE_CHAR_LIMIT,
} from '../../../src/shared/constants.ts';
import { passingProfile, storeStep } from './fixtures.ts';
import { renderWizard } from './renderWizard.tsx';

const openStep5 = () => {
  storeStep(4);
  return renderWizard({ wizard: passingProfile() });
};

describe('Step 5: personal insights', () => {
  it('labels each of the five questions and counts its characters out of 500', async () => {
    const { user, store } = openStep5();
    for (const question of Object.values(INSIGHT_QUESTIONS)) {
      const box = screen.getByRole('textbox', { name: question });
      expect(box).toHaveAttribute('maxLength', String(INSIGHT_CHAR_LIMIT));
      expect(box).toHaveAccessibleDescription('0 of 500 characters');
    }
    const roleModel = screen.getByRole('textbox', { name: INSIGHT_QUESTIONS.roleModel });
    await user.type(roleModel, 'My aunt');
    expect(roleModel).toHaveAccessibleDescription('7 of 500 characters');
    expect(screen.getByText('7/500')).toBeVisible();
    expect(store.getState().wizard.personalInsights.roleModel).toBe('My aunt');
  });

  it('takes an optional writing sample with a title and a text counted out of 2000', async () => {
    const { user, store } = openStep5();
    expect(screen.getByRole('group', { name: /writing sample/i })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'On bridges');
    const text = screen.getByRole('textbox', { name: 'Text' });
    expect(text).toHaveAttribute('maxLength', String(WRITING_SAMPLE_CHAR_LIMIT));
    fireEvent.change(text, { target: { value: 'w'.repeat(1999) } });
    expect(screen.getByText('1999/2000')).toBeInTheDocument();
    expect(text).toHaveAccessibleDescription('1999 of 2000 characters');
    expect(store.getState().wizard.personalInsights.writingSample).toEqual({ title: 'On bridges', text: 'w'.repeat(1999) });
  });
});
