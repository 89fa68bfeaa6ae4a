/**
 * What the demo's shoppers are made of: names, where they live (area code, state, time zone),
 * the two stores' products, and what shoppers write and agents answer.
 */
import type { Topic } from './types.ts';

export const GIVEN_NAMES = [
  'Ava', 'Liam', 'Mia', 'Noah', 'Emma', 'Ethan', 'Olivia', 'Lucas', 'Sofia', 'Mason', 'Harper', 'Logan',
  'Ella', 'James', 'Aria', 'Ben', 'Chloe', 'Leo', 'Grace', 'Owen', 'Zoe', 'Jack', 'Nora', 'Eli', 'Ruby',
  'Maya', 'Caleb', 'Ivy', 'Diego', 'Hana', 'Omar', 'Priya', 'Sam', 'Tessa', 'Wyatt', 'Luz',
] as const; // prettier-ignore

export const FAMILY_NAMES = [
  'Garcia', 'Smith', 'Nguyen', 'Johnson', 'Brown', 'Lee', 'Martinez', 'Davis', 'Clark', 'Lopez', 'Walker',
  'Young', 'King', 'Hall', 'Allen', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Patel', 'Kim', 'Rivera',
  'Okafor', 'Chen', 'Haddad', 'Silva', 'Novak',
] as const; // prettier-ignore

export interface Area {
  code: string;
  state: string;
  timeZone: string;
  city: string;
}

const area = (code: string, state: string, timeZone: string, city: string): Area => ({ code, state, timeZone, city });
const ET = 'America/New_York';
const CT = 'America/Chicago';
const MT = 'America/Denver';
const PT = 'America/Los_Angeles';

/** Most shoppers: texted 8:00-21:00 in their own time zone. */
export const US_AREAS: readonly Area[] = [
  area('212', 'NY', ET, 'New York'),
  area('718', 'NY', ET, 'Brooklyn'),
  area('617', 'MA', ET, 'Boston'),
  area('404', 'GA', ET, 'Atlanta'),
  area('312', 'IL', CT, 'Chicago'),
  area('612', 'MN', CT, 'Minneapolis'),
  area('303', 'CO', MT, 'Denver'),
  area('602', 'AZ', 'America/Phoenix', 'Phoenix'),
  area('415', 'CA', PT, 'San Francisco'),
  area('310', 'CA', PT, 'Los Angeles'),
  area('619', 'CA', PT, 'San Diego'),
  area('206', 'WA', PT, 'Seattle'),
  area('503', 'OR', PT, 'Portland'),
  area('702', 'NV', PT, 'Las Vegas'),
];
/** Texas: texted only while the brand has texas_compliance. */
export const TEXAS_AREAS: readonly Area[] = [
  area('512', 'TX', CT, 'Austin'),
  area('214', 'TX', CT, 'Dallas'),
  area('713', 'TX', CT, 'Houston'),
];
/** Florida, Oklahoma and Maryland: 8:00-20:00 and 3 marketing texts per 24 h. */
export const STRICT_AREAS: readonly Area[] = [
  area('305', 'FL', ET, 'Miami'),
  area('407', 'FL', ET, 'Orlando'),
  area('405', 'OK', CT, 'Oklahoma City'),
  area('410', 'MD', ET, 'Baltimore'),
];
/** +1 numbers far from the mainland: their quiet hours fall at other times of the day. */
export const TERRITORY_AREAS: readonly Area[] = [
  area('808', 'HI', 'Pacific/Honolulu', 'Honolulu'),
  area('907', 'AK', 'America/Anchorage', 'Anchorage'),
  area('787', 'PR', 'America/Puerto_Rico', 'San Juan'),
  area('671', 'GU', 'Pacific/Guam', 'Hagatna'),
];
/** Not +1: never texted (the checkout is no_identity). */
export const FOREIGN_PREFIXES = ['+447700900', '+61491570', '+33612345', '+4915112345'] as const;

export interface Product {
  productId: string;
  sku: string;
  title: string;
  price: number;
  variants: readonly string[];
}

const product = (productId: string, sku: string, title: string, price: number, variants: string[]): Product => ({
  productId,
  sku,
  title,
  price,
  variants,
});

export const CATALOGS: Readonly<Record<string, readonly Product[]>> = {
  outdoor: [
    product('8810001', 'NW-JKT-01', 'Ridge Rain Jacket', 149, ['S', 'M', 'L', 'XL']),
    product('8810002', 'NW-FLC-02', 'Summit Fleece', 89, ['S', 'M', 'L']),
    product('8810003', 'NW-BTS-03', 'Trail Boots', 179, ['8', '9', '10', '11']),
    product('8810004', 'NW-PCK-04', 'Daypack 24L', 69, ['Slate', 'Moss']),
    product('8810005', 'NW-SCK-05', 'Merino Socks (3 pack)', 29, ['M', 'L']),
    product('8810006', 'NW-CAP-06', 'Canyon Cap', 24, ['One size']),
    product('8810007', 'NW-TEE-07', 'Organic Trail Tee', 35, ['S', 'M', 'L', 'XL']),
    product('8810008', 'NW-VST-08', 'Alpine Down Vest', 129, ['S', 'M', 'L']),
  ],
  home: [
    product('7720001', 'HP-THR-01', 'Linen Throw', 79, ['Sand', 'Sage']),
    product('7720002', 'HP-CND-02', 'Cedar Candle', 32, ['8 oz']),
    product('7720003', 'HP-MUG-03', 'Stoneware Mug Set', 48, ['Set of 4']),
    product('7720004', 'HP-BLK-04', 'Wool Blanket', 139, ['Queen', 'King']),
    product('7720005', 'HP-BRD-05', 'Walnut Serving Board', 65, ['Large']),
    product('7720006', 'HP-SOP-06', 'Sea Salt Soap (3 pack)', 21, ['Unscented', 'Cedar']),
  ],
};

type Answered = readonly (readonly [question: string, answer: string])[];

/** A shopper's question and the agent's answer, by store and topic ({product} and {city} filled in). */
export const QUESTIONS: Readonly<Record<string, Readonly<Record<Topic, Answered>>>> = {
  outdoor: {
    shipping: [
      [
        'How long does shipping take to {city}?',
        'Standard shipping takes 3-5 business days to {city}, and orders over $75 ship free. You get tracking by text as soon as it leaves us.',
      ],
      [
        'Is shipping free if I order today?',
        'Yes, if your cart is over $75: shipping is free on every order above that.',
      ],
      ['Do you ship to PO boxes?', 'We do! Standard shipping goes to PO boxes; express needs a street address.'],
      ['how long does delivery take?', 'Standard delivery takes 3-5 business days.'],
      [
        'If I order tonight will it arrive by Friday?',
        'Orders placed before 2 pm ship the same day; with express (1-2 business days) it arrives by Friday.',
      ],
    ],
    sizes: [
      [
        'Does the {product} run small? I am usually a medium',
        'The {product} fits true to size, so a medium should be right; size up if you want room for layers. Exchanges are free.',
      ],
      [
        'Do you have the {product} in a bigger size?',
        'The sizes on the product page are all we make right now; if one does not fit, the exchange is free.',
      ],
      [
        'What size would you recommend for someone 5 10?',
        'Most customers around 5 10 take a medium; the size guide on the product page lists chest and sleeve lengths.',
      ],
    ],
    returns: [
      [
        "If it doesn't fit can I send it back?",
        'Of course: unworn items can be returned within 30 days with the prepaid label in your box.',
      ],
      ['How long do I have to return it?', 'You have 30 days from delivery to return unworn items.'],
      ['whats your return policy?', '30 days from delivery, with a prepaid label in the box.'],
      ['Are returns free?', 'Yes, every box has a prepaid return label, and exchanges are free too.'],
    ],
    price: [
      [
        'Does the code work on the sale price too?',
        'It does: your code works on everything in your cart, sale items included.',
      ],
      [
        'Any chance of a bigger discount?',
        'Your code is the best we can do right now, and orders over $75 also ship free.',
      ],
      ['Can I use two codes on one order?', 'Only one code per order, sorry; yours takes 10% off the whole cart.'],
      ['does the 10% code work on sale items?', 'Yes, it works on sale items too.'],
    ],
    payment: [
      ['Do you take Afterpay?', 'Yes: choose Afterpay at checkout to pay in 4 installments.'],
      ['Can I pay with PayPal?', 'Yes, PayPal is at the top of the checkout page.'],
      ['do you accept apple pay', 'We do: Apple Pay shows on iPhones at checkout.'],
    ],
    materials: [
      [
        'What is the {product} made of?',
        'It is recycled nylon with a waterproof coating; the details are under Materials on the product page.',
      ],
      ['Is the {product} waterproof or just water resistant?', 'Waterproof: the seams are taped.'],
      ['what material is the {product}? is it cotton?', 'It is a cotton and recycled polyester blend.'],
    ],
  },
  home: {
    shipping: [
      [
        'How long does shipping take to {city}?',
        'Orders reach {city} in 2-4 business days, and the code in your text makes shipping free.',
      ],
      ['Is shipping really free?', 'Yes: the code in your text takes the shipping off the whole order.'],
    ],
    sizes: [
      [
        'What are the measurements of the {product}?',
        'They are under Details on the product page; reply if you need anything else measured.',
      ],
      [
        'Is the blanket big enough for a king bed?',
        'Take the King: it is 108 by 90 inches and hangs well over the sides.',
      ],
    ],
    returns: [
      ['Can I return it if the color looks different at home?', 'Yes, within 30 days: we email you a prepaid label.'],
      ['How long do I have to return it?', 'You have 30 days from delivery.'],
    ],
    price: [
      ['Does the code work with the sale?', 'Yes, free shipping applies to sale items too.'],
      ['Can I get a discount instead of free shipping?', 'Free shipping is the offer for now, sorry.'],
      ['Does my code work on sale items?', 'Yes, it works on everything in your cart.'],
    ],
    payment: [
      ['Do you take Afterpay?', 'Yes, Afterpay and Klarna are both at checkout.'],
      ['Can I pay with PayPal?', 'Yes: PayPal is at the top of the checkout page.'],
    ],
    materials: [
      ['What is the {product} made of?', 'The materials are listed under Details on the product page.'],
      ['Is the {product} made of natural materials?', 'Yes: natural fibres and wax, no synthetics.'],
    ],
  },
};

export const THANKS = [
  'Thanks, just ordered!',
  'Got it, thank you',
  'Perfect, ordering now',
  'Thanks for the reminder',
];
export const FOLLOW_UPS = ['Great, thanks!', 'Perfect, that helps', 'Ok ordering now', 'Thank you!'];
export const OPT_OUT_WORDS = ['STOP', 'Stop', 'STOP', 'UNSUBSCRIBE'] as const;
export const HELP_WORDS = ['HELP', 'Help', 'INFO'] as const;

export const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SM-S911U) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0 Mobile Safari/537.36',
] as const;

export const fill = (text: string, values: { product?: string; city?: string }): string =>
  text.replaceAll('{product}', values.product ?? 'item').replaceAll('{city}', values.city ?? 'you');
