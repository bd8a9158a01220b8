import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from '../../../src/features/conversation/message-text';

const links = () => screen.queryAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

describe('a message’s text', () => {
  it('makes web addresses and emails links that open in a new tab and tell the site nothing', () => {
    render(
      <p>
        <MessageText text="Tickets at https://example.com/t?id=7, or www.trains.example.org. Questions: desk@example.com" query="" />
      </p>,
    );
    expect(links()).toEqual([
      ['https://example.com/t?id=7', 'https://example.com/t?id=7'],
      ['www.trains.example.org', 'https://www.trains.example.org'],
      ['desk@example.com', 'mailto:desk@example.com'],
    ]);
    for (const link of screen.getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    }
    expect(screen.getByRole('paragraph')).toHaveTextContent(
      'Tickets at https://example.com/t?id=7, or www.trains.example.org. Questions: desk@example.com',
    );
  });

  it('leaves script, files and other schemes as text', () => {
    render(
      <p>
        <MessageText text="javascript:alert(1) file:///etc/passwd ftp://example.com/x data:text/html,hi" query="" />
      </p>,
    );
    expect(links()).toEqual([]);
    expect(screen.getByRole('paragraph')).toHaveTextContent('javascript:alert(1) file:///etc/passwd ftp://example.com/x data:text/html,hi');
  });

  it('marks a search’s words in links as in the rest of the text', () => {
    render(
      <p>
        <MessageText text="the station map: https://station.example.com" query="stat" />
      </p>,
    );
    expect(screen.getAllByText(/^station$/i, { selector: 'mark' })).toHaveLength(2);
    expect(links()).toEqual([['https://station.example.com', 'https://station.example.com']]);
  });
});
