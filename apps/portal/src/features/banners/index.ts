/** What the app's routes and screens use of the banners feature; nothing else of it is reachable from outside. */
export { bannersCalls } from './api/banners.calls.ts';
export { BannerCarousel } from './components/banner-carousel.tsx';
