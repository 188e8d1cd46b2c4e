// A page's language and theme, for a page whose own script does not set them up (the record page): the
// <select id="lang"> and <select id="theme"> of its header, the data-t texts in the page's language.
"use strict";
hexmateI18n.wire(document.getElementById("lang"));
hexmateI18n.theme(document.getElementById("theme"));
const hexmatePageReady = hexmateI18n.load(hexmateI18n.chosen());  // record.js waits for it
