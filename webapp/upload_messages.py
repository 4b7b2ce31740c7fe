"""Why an uploaded photo is refused or could not be read, as messages with a code.

An upload's refusal (``webapp.security.UploadError``) carries a code and params beside its
English text, like the engine's refusals; each code's message is an English template here, marked
for the catalogs (``N_``), so the pages write it in their reader's language
(``webapp.engine_messages`` lists these with the engine's codes). The JSON API answers the code
and params beside the unchanged English ``error``.
"""

from __future__ import annotations

from engine.core.coded import fill
from engine.reasons.marker import N_

MESSAGES = {
    # the header checks of vision.decode (its ImageError's reason); the English text is decode's own
    "upload.empty": N_("the file is empty; choose a photo"),
    "upload.too_many_bytes": N_("the photo is {megabytes} MB; the limit is {limit} MB"),
    "upload.too_many_pixels": N_("the photo has more pixels than a camera takes; the limit is {limit} "
                                 "megapixels"),
    # the web app's own checks (webapp.security, webapp.photo_check); {accepted} lists the
    # accepted types (webapp.security.ACCEPTED_PHOTOS), the same in both messages
    "upload.not_an_image": N_("that file is not a photo; send a photo of one of these types: {accepted}"),
    "upload.format_refused": N_("{format} images are not accepted; send a photo of one of these types: "
                                "{accepted}"),
    "upload.full_decode_limit": N_("the {format} image is {width} x {height} = {megapixels} megapixels; "
                                   "{format} is limited to {limit} megapixels (send a JPEG photo)"),
    "upload.progressive_jpeg": N_("the photo is a progressive JPEG of {megapixels} megapixels; progressive "
                                  "JPEGs are limited to {limit} megapixels (send the camera's photo)"),
    "upload.too_small": N_("the photo is only {width} x {height} pixels"),
    "upload.damaged": N_("the photo is damaged or was cut short in transfer ({detail}); take it again or "
                         "send the whole file"),
    "upload.no_photo": N_("send the photo as multipart field 'photo'"),
    "upload.busy": N_("the server is reading other photos right now; try again in a few seconds"),
    # the reader failed on a photo that was saved, or on a live frame
    "upload.unreadable": N_("the tiles could not be read ({detail}); enter them by hand"),
    "upload.frame_unreadable": N_("the frame could not be read ({detail})"),
    # a photo of an imported zip refused by the same checks ({reason}: the upload's refusal)
    "import.photo": N_("photo {photo} in the zip: {reason}"),
    # an import file's own refusals (webapp.views.archive); {what} is "the file" or an entry's name
    "import.not_json": N_("{what} is not a TileTally export (JSON, or a zip of one): {detail}"),
    "import.no_table": N_("{what} is not a TileTally export: it holds no table"),
    "import.damaged_zip": N_("the zip file is damaged: {detail}"),
    "import.too_many_files": N_("the zip holds {count} files; an export has at most {limit}"),
    "import.too_large": N_("the zip unpacks to more bytes than an import may hold"),
    "import.no_table_entry": N_("the zip has no {entry}: it is not a TileTally export"),
    # the store refused what the file holds ({reason}: its refusal, coded where it has a code)
    "import.refused": N_("the export cannot be imported: {reason}"),
}
# The file as a whole, where an import refusal names what it read ({what}).
THE_FILE = N_("the file")


def text(code: str, **params: object) -> str:
    """The English message of a code, filled in."""
    return fill(MESSAGES[code], params)
