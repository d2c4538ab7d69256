import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MarkdownView } from './MarkdownView';

/**
 * A stand-in for mermaid (jsdom cannot lay out SVG). `render` is a plain function: a Vitest spy
 * returning a rejected promise reports it as unhandled, because the spy chains onto it.
 */
const mermaid = vi.hoisted(() => {
  const calls: string[][] = [];
  const state = {
    draw: (_id: string, _code: string): Promise<{ svg: string }> => new Promise(() => {}),
  };
  return {
    calls,
    state,
    initialize: () => {},
    render: (id: string, code: string) => {
      calls.push([id, code]);
      return state.draw(id, code);
    },
  };
});
vi.mock('mermaid', () => ({ default: mermaid }));

beforeEach(() => {
  mermaid.calls.length = 0;
});

describe('MarkdownView', () => {
  it('renders GitHub tables and line breaks', () => {
    const { container } = render(
      <MarkdownView
        idPrefix="topic1"
        markdown={'| a | b |\n|---|---|\n| 1 | 2 |\n\nline one\nline two'}
      />,
    );
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '2']);
    expect(container.querySelector('p br')).not.toBeNull();
  });

  it('renders inline and display math with KaTeX', () => {
    const { container } = render(
      <MarkdownView idPrefix="topic1" markdown={'Inline $x^2$ and\n\n$$\n\\frac{a}{b}\n$$'} />,
    );
    expect(container.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(2);
    expect(container.querySelector('.katex-display')).not.toBeNull();
  });

  it('renders a one-line $$ formula alone in its paragraph as display math', () => {
    const { container } = render(
      <MarkdownView
        idPrefix="topic1"
        markdown={'Integrate:\n\n$$\\int_0^1 x\\,dx$$\n\nand $$y$$ stays inline.'}
      />,
    );
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
  });

  it('never renders raw HTML', () => {
    const { container } = render(
      <MarkdownView
        idPrefix="topic1"
        markdown={'<script>alert(1)</script>\n\n<b onclick="x()">bold</b> text'}
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('sanitises as the published pages do: no script, handler or javascript: link', () => {
    const { container } = render(
      <MarkdownView
        idPrefix="topic1"
        markdown={
          '<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))\n\n<iframe src="https://example.com"></iframe>'
        }
      />,
    );
    expect(container.innerHTML).not.toMatch(/onerror|javascript:|<iframe|<img/);
    expect(screen.getByText('x').getAttribute('href')).toBeNull();
  });

  it('renders footnotes as numbered links to a list headed Sources, with the ids of its prefix', () => {
    const { container } = render(
      <MarkdownView idPrefix="topic1" markdown={'A claim.[^1]\n\n[^1]: The source.'} />,
    );
    const link = screen.getByRole('link', { name: '1' });
    expect(link.getAttribute('href')).toBe('#user-content-topic1-fn-1');
    expect(screen.getByRole('heading', { level: 2, name: 'Sources' })).toBeInTheDocument();
    expect(container.querySelector('#user-content-topic1-fn-1')?.textContent).toContain(
      'The source.',
    );
    expect(screen.getByRole('link', { name: 'Back to reference 1' }).getAttribute('href')).toBe(
      '#user-content-topic1-fnref-1',
    );
  });

  it('applies the content cleaner', () => {
    render(<MarkdownView idPrefix="topic1" markdown="##Heading" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Heading' })).toBeInTheDocument();
  });

  it('draws a Mermaid diagram as SVG', async () => {
    mermaid.state.draw = async () => ({ svg: '<svg data-testid="diagram-svg"></svg>' });
    render(<MarkdownView idPrefix="topic1" markdown={'```mermaid\ngraph TD; A-->B\n```'} />);
    expect(await screen.findByTestId('diagram-svg')).toBeInTheDocument();
    expect(mermaid.calls).toEqual([[expect.any(String), 'graph TD; A-->B']]);
  });

  it('shows the source and a note for a diagram that does not parse', async () => {
    mermaid.state.draw = () => Promise.reject(new Error('Parse error'));
    render(
      <MarkdownView
        idPrefix="topic1"
        markdown={'Before\n\n```mermaid\nnot a diagram\n```\n\nAfter'}
      />,
    );
    expect(await screen.findByText(/could not be drawn/)).toBeInTheDocument();
    expect(screen.getByText('not a diagram')).toBeInTheDocument();
    expect(screen.getByText('After')).toBeInTheDocument();
  });

  it('keeps other code blocks as code', () => {
    const { container } = render(
      <MarkdownView idPrefix="topic1" markdown={'```js\nconst a = 1;\n```'} />,
    );
    expect(container.querySelector('pre code.language-js')?.textContent).toContain('const a = 1;');
    expect(mermaid.calls).toEqual([]);
  });
});
