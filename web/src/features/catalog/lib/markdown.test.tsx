import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, parseBlocks } from './markdown';

describe('Markdown', () => {
  it('splits headings, paragraphs and lists', () => {
    expect(parseBlocks('# Title\n\nFirst line\nsecond line\n\n- one\n- two\n\n1. a\n2. b')).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'paragraph', text: 'First line second line' },
      { kind: 'list', ordered: false, items: ['one', 'two'] },
      { kind: 'list', ordered: true, items: ['a', 'b'] },
    ]);
  });

  it('renders inline emphasis, code and safe links only', () => {
    render(
      <Markdown source={'**Fast** and *quiet* with `PepVPN`. [Guide](https://example.com/g) [bad](javascript:alert(1))'} />,
    );
    expect(screen.getByText('Fast').tagName).toBe('STRONG');
    expect(screen.getByText('quiet').tagName).toBe('EM');
    expect(screen.getByText('PepVPN').tagName).toBe('CODE');
    expect(screen.getByRole('link', { name: 'Guide' })).toHaveAttribute('href', 'https://example.com/g');
    expect(screen.queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
  });

  it('shifts headings below the page headings and never injects HTML', () => {
    const { container } = render(<Markdown source={'# Overview\n\n## Details\n\n<img src=x onerror=alert(1)>'} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Details' })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});
