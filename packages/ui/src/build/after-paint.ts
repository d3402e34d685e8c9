/**
 * Scripts after the first paint: the loader a server-rendered player page runs at the end of its body.
 * `scriptsAfterPaint` of `player-vite.ts` puts it in every built index.html; the API's app host makes the tags inert.
 */

/**
 * The attribute of the script and module-preload tags that a page the server rendered holds inert
 * until its first paint: the app host turns the entry's `<script type="module">` and `<link rel="modulepreload">`
 * into `<script type="gp/after-paint" data-after-paint src>` and `<link rel="gp-after-paint" data-after-paint
 * href>`, which the browser does not fetch, and `afterPaintLoader` starts them once the first screen is painted.
 */
export const afterPaintAttribute = 'data-after-paint';

/**
 * The inline script at the end of every player page's body that starts the inert tags (`afterPaintAttribute`)
 * after the first paint, or after the paint of the preloaded LCP picture when the page has one: the server's first
 * screen, with its inline styles, is painted from the HTML alone and the LCP picture does not share the connection
 * with the scripts; the scripts then load as from the head. A page without such tags (the plain shell) is left as
 * it is. A hidden tab never paints and a picture may be slow, hence the timer (one second) as well.
 */
export const afterPaintLoader =
  `(function(d){var l=[].slice.call(d.querySelectorAll('[${afterPaintAttribute}]')),s=0;if(!l.length)return;` +
  `function add(e){var n;if(e.tagName=='LINK'){n=d.createElement('link');n.rel='modulepreload';` +
  `n.href=e.getAttribute('href')}else{n=d.createElement('script');n.type='module';n.src=e.getAttribute('src')}` +
  `n.crossOrigin='';d.head.appendChild(n)}` +
  // A few tags per task: starting a fetch costs the main thread a little each, and a page has about twenty.
  `function next(){l.splice(0,4).forEach(add);if(l.length)setTimeout(next,0)}` +
  `function go(){if(!s){s=1;next()}}` +
  // After a frame has been painted; with a preloaded LCP picture, the frame that shows it (it has the connection
  // to itself until then). At the latest a second after the page was read.
  `function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}` +
  `var p=d.querySelector('link[rel=preload][as=image]'),i;` +
  `if(p){i=new Image();i.onload=i.onerror=painted;i.src=p.href}else painted();` +
  `setTimeout(go,1000)})(document)`;
