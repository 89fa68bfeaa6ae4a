/**
 * A brand's static website on 127.0.0.1: a home page (theme colour, a stylesheet, a logo, three
 * products with prices in markup and one in JSON-LD), product pages, an about page, a private page
 * that robots.txt forbids, and PNG images drawn with resvg at start. `requests` records every path.
 * Options make the site forbid everything, serve a page with no text, or link a product page that
 * is gone (404).
 */
import type { ServerResponse } from 'node:http';
import { Resvg } from '@resvg/resvg-js';
import { readRequest, startServer, type RecordedRequest } from './server.ts';

const png = (svg: string): Buffer => Buffer.from(new Resvg(svg).render().asPng());

export const LOGO = png(
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="72"><rect width="240" height="72" fill="#0b6e4f"/><circle cx="36" cy="36" r="24" fill="#f2c14e"/></svg>',
);
export const PRODUCT = png(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#fafafa"/><rect x="80" y="60" width="240" height="300" rx="40" fill="#0b6e4f"/><circle cx="200" cy="180" r="60" fill="#f2c14e"/></svg>',
);

export const PRODUCTS = [
  { name: 'Trail Thermos', price: '34.00' },
  { name: 'Summit Mug', price: '18.50' },
  { name: 'Ridge Bottle', price: '27.00' },
];

const page = (title: string, body: string, head = '') => `<!doctype html><html><head><title>${title}</title>
<meta name="description" content="Fernhill Outfitters makes rugged, sustainable drinkware for people who love the outdoors. Recycled steel, lifetime warranty.">
<meta name="theme-color" content="#0b6e4f"><link rel="stylesheet" href="/assets/site.css">${head}</head>
<body><header><img class="logo" src="/assets/logo.png" alt="Fernhill logo"><nav><a href="/">Home</a> <a href="/products/trail-thermos">Thermos</a>
<a href="/products/summit-mug">Mug</a> <a href="/about">About</a> <a href="/private/prices">Trade prices</a>
<a href="https://elsewhere.example/partner">Partner</a> <a href="/cart">Cart</a></nav></header>${body}</body></html>`;

const productBlock = (p: { name: string; price: string }, slug: string) =>
  `<div class="product-card"><img src="/assets/${slug}.png" alt=""><h3 class="product-title">${p.name}</h3><span class="price">$${p.price}</span><a href="/products/${slug}">View</a></div>`;

const slug = (name: string) => name.toLowerCase().replace(/\s+/g, '-');

const HOME = page(
  'Fernhill Outfitters | Sustainable drinkware',
  `<h1>Gear that goes the distance</h1><h2>Made from recycled steel, built for the trail</h2>
<p>Every Fernhill piece is sustainable, organic-coated and built to last. Natural materials, ethical factories.</p>
<section>${PRODUCTS.slice(0, 2)
    .map((p) => productBlock(p, slug(p.name)))
    .join('')}</section>
<div style="background-color:#f2c14e;color:#1d1d1d">Free shipping over $50</div>`,
  `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: PRODUCTS[2]!.name,
    image: '/assets/ridge-bottle.png',
    offers: { '@type': 'Offer', price: PRODUCTS[2]!.price, priceCurrency: 'USD' },
  })}</script>`,
);

export interface ShopSite {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** The product page `goneProduct` links to: it answers 404. */
export const GONE_PRODUCT_PATH = '/products/old-flask';

export async function startShopSite({
  robots = 'User-agent: *\nDisallow: /private/\n',
  emptyHome = false,
  goneProduct = false,
}: { robots?: string; emptyHome?: boolean; goneProduct?: boolean } = {}): Promise<ShopSite> {
  const requests: RecordedRequest[] = [];
  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };
  const server = await startServer(async (req, res) => {
    const request = await readRequest(req, 'raw');
    requests.push(request);
    const path = request.path;
    if (path === '/robots.txt') return send(res, 200, 'text/plain', robots);
    if (path === '/')
      return send(
        res,
        200,
        'text/html; charset=utf-8',
        emptyHome
          ? '<html><body><img src="/assets/logo.png"></body></html>'
          : goneProduct
            ? HOME.replace('</section>', `<a href="${GONE_PRODUCT_PATH}">Old flask</a></section>`)
            : HOME,
      );
    if (path === '/assets/site.css')
      return send(
        res,
        200,
        'text/css',
        ':root{--brand-primary:#0b6e4f;--accent:#f2c14e}body{color:#1d1d1d;background:#ffffff}',
      );
    if (path === '/assets/logo.png') return send(res, 200, 'image/png', LOGO);
    if (/^\/assets\/[a-z-]+\.png$/.test(path)) return send(res, 200, 'image/png', PRODUCT);
    const product = PRODUCTS.find((p) => path === `/products/${slug(p.name)}`);
    if (product)
      return send(
        res,
        200,
        'text/html',
        page(
          `${product.name} | Fernhill`,
          `<h1>${product.name}</h1><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">${product.name}</span><span itemprop="price" content="${product.price}">$${product.price}</span></div><p>Keeps drinks hot for 12 hours. You will love it!</p>`,
        ),
      );
    if (path === '/about')
      return send(
        res,
        200,
        'text/html',
        page('About | Fernhill', '<h1>Our story</h1><p>Founded in Oregon by two climbers.</p>'),
      );
    if (path.startsWith('/private/')) return send(res, 200, 'text/html', page('Trade', '<h1>Trade prices</h1>'));
    return send(res, 404, 'text/html', '<h1>Not found</h1>');
  });
  return { url: server.url, requests, close: server.close };
}
