import { type ReactNode, Suspense, use } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadedAfterShown, useLoadedAfterShown } from '../../src/ui/loadedAfterShown.tsx';

function Later({ label }: { label: string }) {
  return <p>{label}</p>;
}

describe('loadedAfterShown', () => {
  it('asks for its code only once the page around it is committed, then shows it with its props', async () => {
    const load = vi.fn(async () => Later);
    const Panel = loadedAfterShown(load);
    let calledAtFirstRender: number | null = null;
    function Page() {
      calledAtFirstRender ??= load.mock.calls.length;
      return <main><h1>Page</h1><Panel label="Your data" /></main>;
    }
    render(<Page />);
    expect(calledAtFirstRender).toBe(0);
    expect(screen.getByRole('heading', { name: 'Page' })).toBeVisible();
    expect(await screen.findByText('Your data')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);

    // Once loaded, a later mount shows it in its first render.
    const again = render(<Panel label="Again" />);
    expect(again.getByText('Again')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stays absent when its code cannot be fetched, and the next mount asks again', async () => {
    const load = vi.fn<() => Promise<typeof Later>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(Later);
    const Panel = loadedAfterShown(load);
    const first = render(<Panel label="Your data" />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(first.container).toBeEmptyDOMElement();
    first.unmount();
    render(<Panel label="Your data" />);
    expect(await screen.findByText('Your data')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useLoadedAfterShown', () => {
  it('asks for nothing until wanted, then once; a loaded function is handed back as it is, not called', async () => {
    const format = (name: string) => `Dear ${name}`;
    const load = vi.fn(async () => format);
    function Letter({ wanted }: { wanted: boolean }) {
      const loaded = useLoadedAfterShown(load, wanted);
      return <p>{loaded ? loaded('Maya') : 'not yet'}</p>;
    }
    const { rerender } = render(<Letter wanted={false} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('not yet')).toBeVisible();

    rerender(<Letter wanted />);
    expect(await screen.findByText('Dear Maya')).toBeVisible();
    rerender(<Letter wanted={false} />);
    rerender(<Letter wanted />);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('what arrives after the page is shown', () => {
  it('comes as a transition: a part that suspends never swaps the page already shown for its fallback', async () => {
    const never = new Promise<never>(() => {});
    function Suspends(): ReactNode {
      return use(never);
    }
    const load = vi.fn(async () => Suspends);
    const Panel = loadedAfterShown(load);
    render(
      <Suspense fallback={<p>Loading the page</p>}>
        <h1>Your College Essay</h1>
        <Panel />
      </Suspense>,
    );
    await act(async () => {
      await load.mock.results[0]?.value;
    });
    expect(load).toHaveBeenCalledTimes(1);
    // An urgent update would have suspended the shown boundary and put its fallback in the page's place.
    expect(screen.getByRole('heading', { name: 'Your College Essay' })).toBeVisible();
    expect(screen.queryByText('Loading the page')).toBeNull();
  });
});
