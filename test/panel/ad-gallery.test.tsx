// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import type { Ad, AdSummary } from '../../web-panel/src/features/ads/api/types.ts';
import { AdCards } from '../../web-panel/src/features/ads/components/ad-cards.tsx';
import { AdGallery } from '../../web-panel/src/features/ads/components/ad-gallery.tsx';
import { renderPanel, TEST_BRAND } from './render.tsx';

const file = (id: number, caption: string) => ({
  id,
  name: `northwind-${id}.png`,
  type: 'image/png',
  size: 40_000,
  caption,
  width: 1024,
  height: 1024,
  url: `/files/abcdefghijklmnopqrstuvwx/northwind-${id}.png`,
});

const AD: Ad = {
  id: 12,
  created_at: '2026-11-24T17:00:00.000Z',
  updated_at: '2026-11-24T17:00:00.000Z',
  website: 'https://northwind.example/',
  campaign: 'Winter sale',
  dimensions: '1024x1024',
  renderer: 'local',
  generator: 'local',
  knowledge_text: 'Brand: Northwind\nProducts: Trail Thermos ($34.00)',
  concepts: [
    {
      id: 31,
      index: 1,
      headline: 'Winter sale: Trail Thermos',
      body: 'Hot for 12 hours.',
      call_to_action: 'Shop now',
      visual_description: 'the thermos on a green backdrop',
      target_audience: 'Hikers',
      file_id: 7,
    },
    {
      id: 32,
      index: 2,
      headline: 'Summit Mug, just $18.50',
      body: 'A mug for the top.',
      call_to_action: 'Grab yours',
      visual_description: 'the mug at sunrise',
      target_audience: 'Campers',
      file_id: null,
    },
  ],
  files: [file(7, 'Winter sale: Trail Thermos'), file(8, 'A remote extra')],
};

describe('the ads gallery', () => {
  test('each concept beside its image, the extra images after them, and the brand knowledge', () => {
    const view = renderPanel(<AdGallery ad={AD} locale={TEST_BRAND} />, { brand: TEST_BRAND });
    expect(view.getByRole('heading', { level: 2 }).textContent).toBe('Winter sale');
    const image = view.getByRole('img', { name: 'Ad image: Winter sale: Trail Thermos' });
    expect(image.getAttribute('src')).toBe(AD.files[0]!.url);
    expect(view.getByRole('heading', { name: '2. Summit Mug, just $18.50' })).toBeTruthy();
    expect(view.getByText('Grab yours')).toBeTruthy();
    expect(view.getByText('Campers')).toBeTruthy();
    expect(view.getByRole('region', { name: 'More images' }).querySelectorAll('img')).toHaveLength(1);
    expect(view.getByRole('img', { name: 'Ad image: A remote extra' })).toBeTruthy();
    expect(view.getByText(/Products: Trail Thermos/).tagName).toBe('PRE');
    expect(view.getAllByRole('link', { name: 'Download' })).toHaveLength(2);
  });

  test('the cards link to each ad and mark the one shown', () => {
    const items: AdSummary[] = [
      { ...AD, concepts: 2, files: 2, cover_url: AD.files[0]!.url },
      { ...AD, id: 11, campaign: null, concepts: 1, files: 0, cover_url: null },
    ];
    const view = renderPanel(<AdCards items={items} locale={TEST_BRAND} selected={12} />, {
      url: '/b/1/ads?page=2&ad=11',
    });
    const links = view.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/b/1/ads?page=2&ad=12', '/b/1/ads?page=2&ad=11']);
    expect(links[0]!.getAttribute('aria-current')).toBe('true');
    // An ad without a campaign is named by when it was made, in the brand's zone (no internal id).
    expect(links[1]!.textContent).toContain('Ad of Nov 24, 9:00 AM PST');
    expect(view.getByText('No image')).toBeTruthy();
  });
});
