/**
 * The profile page's read-only behaviours, for every visitor, hydrated or not: the photo
 * lightbox, photo downloads, light video embeds and the View All Reviews dialog. Guests get
 * the page without React in the browser, so these work from markup alone (data attributes),
 * by event delegation, and React never owns the nodes this script changes.
 */
import { downloadFile } from "#modules/files/file-urls";
import { availabilityAnswer, quoteRequestPath } from "#domain/calendar-days";
import { isCalendarDate } from "#domain/calendar-days";

function closest<T extends Element>(target: EventTarget | null, selector: string): T | null {
  return target instanceof Element ? (target.closest(selector) as T | null) : null;
}

async function openLightbox(trigger: HTMLElement) {
  const gallery = trigger.closest<HTMLElement>("[data-gallery]");
  if (!gallery) return;
  const thumbs = [...gallery.querySelectorAll<HTMLImageElement>("[data-lightbox-index] img")];
  const index = Number(trigger.dataset.lightboxIndex ?? 0);
  const [{ default: PhotoSwipe }, css] = await Promise.all([import("photoswipe"), import("./photoswipe-css")]);
  css.ensureStyles();
  const slides = thumbs.map((img) => ({
    src: img.currentSrc || img.src,
    width: img.naturalWidth || Number(img.getAttribute("width")) || 1200,
    height: img.naturalHeight || Number(img.getAttribute("height")) || 800,
    alt: img.alt,
  }));
  const lightbox = new PhotoSwipe({ dataSource: slides, index, returnFocus: true, bgOpacity: 0.9 });
  lightbox.init();
}

function playVideo(trigger: HTMLElement) {
  const slot = trigger.parentElement?.querySelector<HTMLElement>("[data-video-slot]");
  const src = trigger.dataset.videoEmbed;
  if (!slot || !src) return;
  const iframe = document.createElement("iframe");
  iframe.src = src;
  iframe.title = trigger.dataset.videoTitle ?? "Video";
  iframe.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
  iframe.allowFullscreen = true;
  iframe.className = "aspect-video w-full rounded-md";
  slot.append(iframe);
  trigger.hidden = true;
  iframe.focus();
}

function toggleDialog(trigger: HTMLElement) {
  const open = trigger.dataset.dialogOpen;
  if (open) {
    const dialog = document.getElementById(open);
    if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
    return;
  }
  trigger.closest("dialog")?.close();
}

document.addEventListener("click", (event) => {
  const lightbox = closest<HTMLElement>(event.target, "[data-lightbox-index]");
  if (lightbox) {
    event.preventDefault();
    void openLightbox(lightbox);
    return;
  }
  const download = closest<HTMLElement>(event.target, "[data-download-url]");
  if (download) {
    event.preventDefault();
    const { downloadUrl = "", downloadFirst = "", downloadSecond = "", downloadPath = "" } = download.dataset;
    void downloadFile(downloadUrl, downloadFirst, downloadSecond, downloadPath);
    return;
  }
  const video = closest<HTMLElement>(event.target, "[data-video-embed]");
  if (video) {
    event.preventDefault();
    playVideo(video);
    return;
  }
  const dialog = closest<HTMLElement>(event.target, "[data-dialog-open], [data-dialog-close]");
  if (dialog) {
    event.preventDefault();
    toggleDialog(dialog);
    return;
  }
  // A click on the backdrop of a modal dialog closes it, as it does in other dialogs.
  if (event.target instanceof HTMLDialogElement && event.target.open) event.target.close();
});

/**
 * "Check availability" answers at once: the API's answer for that one day, written as the
 * page would write it after a reload (which is what happens without this script).
 */
async function checkAvailability(form: HTMLFormElement) {
  const actUrl = form.dataset.availabilityCheck ?? "";
  const date = new FormData(form).get("date");
  const answer = form.parentElement?.querySelector<HTMLElement>("[data-availability-answer]");
  if (typeof date !== "string" || !isCalendarDate(date) || !answer) return form.submit();
  const response = await fetch(`/api/acts/${encodeURIComponent(actUrl)}/availability?from=${date}&to=${date}`, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) return form.submit();
  const { data } = (await response.json()) as { data: unknown[] };
  const free = data.length === 0;
  answer.textContent = availabilityAnswer(date, free);
  answer.className = `mt-2 text-sm ${free ? "text-emerald-800" : "text-red-800"}`;
  const quote = form.parentElement?.querySelector<HTMLAnchorElement>("[data-availability-quote]");
  if (quote) {
    quote.hidden = !free;
    if (free)
      quote.href = quoteRequestPath(actUrl, date, quote.dataset.availabilityQuote === "planner" ? "planner" : "guest");
  }
  history.replaceState(null, "", `?date=${date}#availability`);
}

document.addEventListener("submit", (event) => {
  const form =
    event.target instanceof HTMLFormElement && event.target.matches("[data-availability-check]") ? event.target : null;
  if (!form) return;
  event.preventDefault();
  void checkAvailability(form);
});
