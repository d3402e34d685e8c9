/** The banners feature's public file: src/app and src/routes reach the feature only through it. */
export { bannersCalls } from './api/banners.calls.ts';
export { BannerCarousel } from './components/banner-carousel.tsx';
