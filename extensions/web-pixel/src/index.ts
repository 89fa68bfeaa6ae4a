// The extension's entry: Shopify loads it in the pixel sandbox and calls the registered function.
import { register } from '@shopify/web-pixels-extension';
import { reclaimPixel } from './pixel.ts';

register(reclaimPixel);
