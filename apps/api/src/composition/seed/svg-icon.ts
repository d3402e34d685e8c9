/** Generated square icons for demo games: a gradient tile with a simple emblem and the game's initials. */

export interface IconSpec {
  initials: string;
  from: string;
  to: string;
  emblem: 'star' | 'blade' | 'wave' | 'tower';
}

const emblems: Record<IconSpec['emblem'], string> = {
  star: '<path d="M128 40l22 52 56 5-42 37 13 55-49-29-49 29 13-55-42-37 56-5z" fill="#fff" fill-opacity=".28"/>',
  blade:
    '<path d="M60 196L178 52l18 8-110 150z M70 176l22 22" stroke="#fff" stroke-opacity=".3" stroke-width="10" fill="none"/>',
  wave: '<path d="M20 150c30-30 60-30 90 0s60 30 90 0 40-28 56-20v60H20z" fill="#fff" fill-opacity=".25"/>',
  tower:
    '<path d="M98 210V92l30-40 30 40v118z M80 210h96" stroke="#fff" stroke-opacity=".3" stroke-width="10" fill="none"/>',
};

export function gameIconSvg(spec: IconSpec): string {
  const initials = spec.initials.replace(/[^A-Z]/g, '').slice(0, 2);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${spec.from}"/><stop offset="1" stop-color="${spec.to}"/></linearGradient></defs>`,
    '<rect width="256" height="256" rx="56" fill="url(#g)"/>',
    emblems[spec.emblem],
    `<text x="128" y="150" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="72" font-weight="700" fill="#fff">${initials}</text>`,
    '</svg>',
  ].join('');
}
