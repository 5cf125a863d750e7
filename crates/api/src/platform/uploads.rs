//! Uploaded files are judged by their content, never by the name or the
//! type the browser declared (SPEC §15): the bytes are sniffed with `infer`
//! and must be what the upload says it is, of a type the purpose allows,
//! under the purpose's size limit.

/// What an upload is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UploadPurpose {
    /// A product or store picture: PNG, JPEG or WebP, up to 5 MB.
    Image,
    /// A product download: PDF, ZIP, gzip, tar or a binary (firmware), up to 32 MB.
    Download,
}

impl UploadPurpose {
    pub const fn max_bytes(self) -> usize {
        match self {
            UploadPurpose::Image => 5 * 1024 * 1024,
            UploadPurpose::Download => 32 * 1024 * 1024,
        }
    }

    fn allows(self, sniffed: &str) -> bool {
        match self {
            UploadPurpose::Image => matches!(sniffed, "image/png" | "image/jpeg" | "image/webp"),
            UploadPurpose::Download => matches!(
                sniffed,
                "application/pdf"
                    | "application/zip"
                    | "application/gzip"
                    | "application/x-tar"
                    | "application/octet-stream"
                    | "image/png"
                    | "image/jpeg"
                    | "image/webp"
            ),
        }
    }
}

/// Why an upload was refused (the message tells the user what to do).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UploadRefusal {
    #[error("The file is empty; choose the file again.")]
    Empty,
    #[error("The file is larger than {0} MB; choose a smaller one.")]
    TooLarge(usize),
    #[error(
        "The file's content is {sniffed}, but it was sent as {declared}; choose the right file."
    )]
    Mismatch {
        declared: String,
        sniffed: &'static str,
    },
    #[error("{0} files cannot be uploaded here; {1}")]
    NotAllowed(&'static str, &'static str),
}

/// The content type to store for `bytes` uploaded as `declared` for
/// `purpose`, or why not. Content `infer` does not recognise counts as
/// `application/octet-stream` (a firmware image) and may only be declared so.
pub fn judge(
    bytes: &[u8],
    declared: &str,
    purpose: UploadPurpose,
) -> Result<&'static str, UploadRefusal> {
    if bytes.is_empty() {
        return Err(UploadRefusal::Empty);
    }
    if bytes.len() > purpose.max_bytes() {
        return Err(UploadRefusal::TooLarge(purpose.max_bytes() / (1024 * 1024)));
    }
    let sniffed = infer::get(bytes).map_or("application/octet-stream", |k| k.mime_type());
    let declared = normalise(declared);
    if declared != sniffed {
        return Err(UploadRefusal::Mismatch { declared, sniffed });
    }
    if !purpose.allows(sniffed) {
        let hint = match purpose {
            UploadPurpose::Image => "use a PNG, JPEG or WebP picture.",
            UploadPurpose::Download => {
                "use a PDF, an archive (ZIP, gzip, tar) or a firmware binary."
            }
        };
        return Err(UploadRefusal::NotAllowed(sniffed, hint));
    }
    Ok(sniffed)
}

/// The declared type without parameters, lower case, with common aliases.
fn normalise(declared: &str) -> String {
    let t = declared
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    match t.as_str() {
        "image/jpg" | "image/pjpeg" => "image/jpeg".into(),
        "application/x-gzip" => "application/gzip".into(),
        "application/x-zip-compressed" => "application/zip".into(),
        "" => "application/octet-stream".into(),
        _ => t,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    const PDF: &[u8] = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";

    #[test]
    fn the_content_decides() {
        assert_eq!(
            judge(PNG, "image/png", UploadPurpose::Image),
            Ok("image/png")
        );
        assert_eq!(
            judge(PDF, "application/pdf", UploadPurpose::Download),
            Ok("application/pdf")
        );
        assert!(matches!(
            judge(PDF, "image/png", UploadPurpose::Image),
            Err(UploadRefusal::Mismatch {
                sniffed: "application/pdf",
                ..
            })
        ));
        assert!(matches!(
            judge(PDF, "application/pdf", UploadPurpose::Image),
            Err(UploadRefusal::NotAllowed("application/pdf", _))
        ));
        assert_eq!(
            judge(
                b"\x01\x02firmware",
                "application/octet-stream",
                UploadPurpose::Download
            ),
            Ok("application/octet-stream")
        );
        assert!(judge(b"<html><script>", "text/html", UploadPurpose::Download).is_err());
        assert!(
            judge(
                b"<html><script>",
                "application/pdf",
                UploadPurpose::Download
            )
            .is_err()
        );
        assert_eq!(
            judge(b"", "image/png", UploadPurpose::Image),
            Err(UploadRefusal::Empty)
        );
    }
}
