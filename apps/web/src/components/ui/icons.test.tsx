import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import {
  CheckIcon,
  CloseIcon,
  EyeIcon,
  InfoIcon,
  LoadingIcon,
  LocateIcon,
  PhoneCallIcon,
  SearchIcon,
  WarningIcon,
} from './icons';

const ICONS = [
  ['CheckIcon', CheckIcon],
  ['CloseIcon', CloseIcon],
  ['InfoIcon', InfoIcon],
  ['WarningIcon', WarningIcon],
  ['LoadingIcon', LoadingIcon],
  ['SearchIcon', SearchIcon],
  ['EyeIcon', EyeIcon],
  ['PhoneCallIcon', PhoneCallIcon],
  ['LocateIcon', LocateIcon],
] as const;

describe('icons', () => {
  it.each(ICONS)('%s is a decorative currentColor SVG by default', (_name, Icon) => {
    const { container } = render(<Icon />);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('stroke', 'currentColor');
    expect(svg).toHaveAttribute('width', '20');
    expect(svg?.querySelector('path, circle')).not.toBeNull();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it.each(ICONS)('%s with a title is an image with that name', (_name, Icon) => {
    render(<Icon title="Телефон" />);
    const img = screen.getByRole('img', { name: 'Телефон' });
    expect(img).not.toHaveAttribute('aria-hidden');
    expect(img.querySelector('title')).toHaveTextContent('Телефон');
  });

  it('takes size, class and ref', () => {
    const ref = createRef<SVGSVGElement>();
    const { container } = render(<PhoneCallIcon size={32} className="call" ref={ref} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('width', '32');
    expect(svg).toHaveAttribute('height', '32');
    expect(svg).toHaveClass('call');
    expect(ref.current).toBe(svg);
  });
});
