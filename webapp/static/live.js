/* The declare page's live camera: getUserMedia, a few frames a second posted to the reader (the
   photo endpoint with a `live` session id: read and voted on, not stored), the boxes and tiles
   drawn over the preview, and the hand taken when the server's vote says it held still (or on a
   tap). The frame that was taken becomes the hand's photo. Without a camera or permission the
   page keeps its photo input and says why. */
"use strict";
window.TTLive = (function () {
  const t = window.t;              // the page's language (i18n.js)
  const FRAME_GAP_MS = 300;        // at most about three frames a second
  const MAX_SIDE = 1280;           // frames are sent no larger than this (the reader resizes anyway)

  function supported() {
    return !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia) && window.isSecureContext;
  }

  function sessionId() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // options: {video, overlay, url, onStatus(text), onTake(blob), onFail(message)}
  function start(options) {
    const state = { stream: null, running: false, lastBlob: null, lastRead: null, session: sessionId(), timer: null };
    const { video, overlay } = options;

    function drawBoxes(read) {
      const width = video.clientWidth, height = video.clientHeight;
      overlay.width = width; overlay.height = height;
      const ctx = overlay.getContext("2d");
      ctx.clearRect(0, 0, width, height);
      if (!read || !read.tiles || !video.videoWidth) return;
      const sx = width / (read.width || video.videoWidth), sy = height / (read.height || video.videoHeight);
      ctx.lineWidth = 2;
      ctx.font = "13px system-ui, sans-serif";
      for (const det of read.tiles) {
        const [x1, y1, x2, y2] = det.box;
        // amber where the reader says it is unsure (its calibrated doubt), as on the photo step
        const unsure = typeof det.unsure === "boolean" ? det.unsure : det.conf !== undefined && det.conf < 0.8;
        ctx.strokeStyle = unsure ? "#e0a100" : "#2e7d32";
        ctx.strokeRect(x1 * sx, y1 * sy, (x2 - x1) * sx, (y2 - y1) * sy);
        ctx.fillStyle = ctx.strokeStyle;
        const label = det.tile;
        ctx.fillRect(x1 * sx, y1 * sy - 16, ctx.measureText(label).width + 6, 16);
        ctx.fillStyle = "#fff";
        ctx.fillText(label, x1 * sx + 3, y1 * sy - 4);
      }
    }

    function grab() {
      const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
      return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
    }

    async function loop() {
      if (!state.running) return;
      const started = performance.now();
      try {
        if (video.videoWidth) {
          const blob = await grab();
          const form = new FormData();
          form.append("photo", blob, "frame.jpg");
          form.append("live", state.session);
          const data = await window.TT.api(options.url, { method: "POST", body: form });
          if (!state.running) return;
          if (!data.reader) { stop(); options.onFail(t("No tile reader is installed, so the camera cannot read tiles: enter them with the palette.")); return; }
          state.lastBlob = blob; state.lastRead = data.read;
          drawBoxes(data.read);
          const live = data.live;
          const count = (data.read.tiles || []).length;
          options.onStatus(count ? t("{count} tiles seen; holding still {votes} of {quorum} frames…",
            { count: count, votes: live.votes, quorum: live.quorum }) : t("No tiles in view yet."));
          if (live.stable) { take(); return; }
        }
      } catch (error) {
        // the reader's own words where the answer has them (upload.frame_unreadable's detail)
        const detail = error.data && error.data.params && error.data.params.detail;
        options.onStatus(t("A frame was not read ({error}); trying again.", { error: detail || error.message }));
      }
      const wait = Math.max(0, FRAME_GAP_MS - (performance.now() - started));
      state.timer = setTimeout(loop, wait);
    }

    function take() {
      if (!state.lastBlob) { options.onStatus(t("No frame read yet; hold on.")); return; }
      const blob = state.lastBlob;
      stop();
      options.onTake(blob);
    }

    function stop() {
      state.running = false;
      clearTimeout(state.timer);
      if (state.stream) for (const track of state.stream.getTracks()) track.stop();
      state.stream = null;
      video.srcObject = null;
    }

    if (!supported()) {
      options.onFail(window.isSecureContext ? t("This browser has no camera access; take a photo instead.")
        : t("A live camera needs a secure page (https, or this computer's own address); take a photo instead."));
      return null;
    }
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then((stream) => {
        state.stream = stream;
        state.running = true;
        video.srcObject = stream;
        return video.play();
      })
      .then(() => { options.onStatus(t("Camera on: lay the hand down and hold still.")); loop(); })
      .catch((error) => {
        stop();
        const denied = error && (error.name === "NotAllowedError" || error.name === "SecurityError");
        options.onFail(denied ? t("Camera permission was refused; take a photo instead.")
          : t("No camera could be opened ({error}); take a photo instead.",
            { error: error && error.name ? error.name : t("unknown error") }));
      });
    return { take, stop };
  }

  return { start, supported };
})();
