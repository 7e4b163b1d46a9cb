import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Link } from '../../src/ui/Link.tsx';

function Where() {
  return <p>At {useLocation().pathname}</p>;
}

const renderAt = (link: React.ReactNode) => render(
  <MemoryRouter initialEntries={['/topics']}>
    <Routes><Route path="*" element={<><Where />{link}</>} /></Routes>
  </MemoryRouter>,
);

describe('Link', () => {
  it("is a link to the page's address, and a plain click moves the router there without a document load", async () => {
    renderAt(<Link to="/essay-type" className="button">Back to Essay Type</Link>);
    const link = screen.getByRole('link', { name: 'Back to Essay Type' });
    expect(link).toHaveAttribute('href', '/essay-type');
    expect(link).toHaveClass('button');

    await userEvent.click(link);
    expect(await screen.findByText('At /essay-type')).toBeVisible();
  });

  it('leaves a click with a modifier key or another button to the browser (a new tab, a new window)', () => {
    renderAt(<Link to="/essay-type">Back</Link>);
    const link = screen.getByRole('link', { name: 'Back' });
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      // fireEvent returns false when the default action was prevented.
      expect(fireEvent.click(link, click)).toBe(true);
    }
    expect(screen.getByText('At /topics')).toBeVisible();
    const plain = fireEvent.click(link);
    expect(plain).toBe(false);
  });

  it("runs the caller's click handler first, and a handler that prevents the default keeps the page", async () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    renderAt(<Link to="/essay-type" onClick={onClick}>Back</Link>);
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByText('At /topics')).toBeVisible();
  });

  it('leaves a link with a target to the browser', () => {
    renderAt(<Link to="/essay-type" target="_blank">Back</Link>);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Back' }))).toBe(true);
    expect(screen.getByText('At /topics')).toBeVisible();
  });
});
