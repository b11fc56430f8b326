//! Anonymous voice messages on the wire, and the catalog of languages and
//! voices that the page offers and the server speaks.
use crate::i18n::Key;
use serde::{Deserialize, Serialize};

/// The longest message, in characters: about forty seconds of speech, short
/// enough to listen to in one call. Stated next to the counter on the page.
pub const MESSAGE_MAX_CHARS: usize = 500;

/// A language a message can be spoken in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Language {
    /// Our code, on the wire and in the database (`id`, `zh`).
    pub code: &'static str,
    /// The language's own name, as a language picker shows it everywhere
    /// (a reader looks for their language under its own name).
    pub endonym: &'static str,
    /// The BCP 47 tag (`lang` attributes, the call provider).
    pub bcp47: &'static str,
}

/// Every language, English, Indonesian and Mandarin first, then the other
/// languages of our audience in South-East Asia, South Asia, Europe and
/// the Americas.
pub const LANGUAGES: [Language; 11] = [
    Language {
        code: "en",
        endonym: "English",
        bcp47: "en-US",
    },
    Language {
        code: "id",
        endonym: "Bahasa Indonesia",
        bcp47: "id-ID",
    },
    Language {
        code: "zh",
        endonym: "中文（普通话）",
        bcp47: "cmn-CN",
    },
    Language {
        code: "ms",
        endonym: "Bahasa Melayu",
        bcp47: "ms-MY",
    },
    Language {
        code: "vi",
        endonym: "Tiếng Việt",
        bcp47: "vi-VN",
    },
    Language {
        code: "th",
        endonym: "ไทย",
        bcp47: "th-TH",
    },
    Language {
        code: "hi",
        endonym: "हिन्दी",
        bcp47: "hi-IN",
    },
    Language {
        code: "es",
        endonym: "Español",
        bcp47: "es-ES",
    },
    Language {
        code: "pt",
        endonym: "Português (Brasil)",
        bcp47: "pt-BR",
    },
    Language {
        code: "fr",
        endonym: "Français",
        bcp47: "fr-FR",
    },
    Language {
        code: "de",
        endonym: "Deutsch",
        bcp47: "de-DE",
    },
];

/// The language with this code.
pub fn language(code: &str) -> Option<&'static Language> {
    LANGUAGES.iter().find(|l| l.code == code)
}

/// The language a page in `locale_code` preselects (`en`, `id`, `zh`).
pub fn default_language(locale_code: &str) -> &'static Language {
    language(locale_code).unwrap_or(&LANGUAGES[0])
}

/// One of the two voices every language has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Voice {
    #[default]
    Female,
    Male,
}

impl Voice {
    pub const ALL: [Voice; 2] = [Voice::Female, Voice::Male];

    /// The wire and stored name.
    pub const fn code(self) -> &'static str {
        match self {
            Voice::Female => "female",
            Voice::Male => "male",
        }
    }

    pub fn from_code(code: &str) -> Option<Voice> {
        Voice::ALL.into_iter().find(|v| v.code() == code)
    }

    pub const fn label_key(self) -> Key {
        match self {
            Voice::Female => Key::VoiceVoiceFemale,
            Voice::Male => Key::VoiceVoiceMale,
        }
    }
}

/// Where a sent message stands. Final states never change again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum VoiceStatus {
    /// Waiting for its call (the first, or the one retry after busy or no answer).
    Queued,
    /// The call is being placed or rings.
    Calling,
    /// Answered and played (final).
    Delivered,
    /// Busy or unanswered twice (final).
    NoAnswer,
    /// The call could not be placed (final).
    Failed,
    /// The number asked for no more messages from us, before or during the call (final).
    OptedOut,
}

impl VoiceStatus {
    pub const ALL: [VoiceStatus; 6] = [
        VoiceStatus::Queued,
        VoiceStatus::Calling,
        VoiceStatus::Delivered,
        VoiceStatus::NoAnswer,
        VoiceStatus::Failed,
        VoiceStatus::OptedOut,
    ];

    /// The stored and wire name (`"no_answer"`).
    pub const fn code(self) -> &'static str {
        match self {
            VoiceStatus::Queued => "queued",
            VoiceStatus::Calling => "calling",
            VoiceStatus::Delivered => "delivered",
            VoiceStatus::NoAnswer => "no_answer",
            VoiceStatus::Failed => "failed",
            VoiceStatus::OptedOut => "opted_out",
        }
    }

    pub fn from_code(code: &str) -> Option<VoiceStatus> {
        VoiceStatus::ALL.into_iter().find(|s| s.code() == code)
    }

    pub const fn is_final(self) -> bool {
        !matches!(self, VoiceStatus::Queued | VoiceStatus::Calling)
    }

    pub const fn label_key(self) -> Key {
        match self {
            VoiceStatus::Queued => Key::VoiceStatusQueued,
            VoiceStatus::Calling => Key::VoiceStatusCalling,
            VoiceStatus::Delivered => Key::VoiceStatusDelivered,
            VoiceStatus::NoAnswer => Key::VoiceStatusNoAnswer,
            VoiceStatus::Failed => Key::VoiceStatusFailed,
            VoiceStatus::OptedOut => Key::VoiceStatusOptedOut,
        }
    }
}

/// What the editor sends for Preview and Send.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct VoiceDraft {
    /// The country picker's value (`ID` or `+882`); unused by Preview.
    pub country: String,
    pub phone: String,
    pub message: String,
    /// A [`Language::code`].
    pub language: String,
    /// A [`Voice::code`].
    pub voice: String,
}

/// The fields Preview and Send post, through the API and the page form
/// alike (`idempotencyKey` only with Send).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct VoiceDraftForm {
    pub country: String,
    pub phone: String,
    pub message: String,
    pub language: String,
    pub voice: String,
    /// Made once per draft: a second click sends nothing new.
    pub idempotency_key: String,
}

impl VoiceDraftForm {
    pub fn draft(&self) -> VoiceDraft {
        VoiceDraft {
            country: self.country.clone(),
            phone: self.phone.clone(),
            message: self.message.clone(),
            language: self.language.clone(),
            voice: self.voice.clone(),
        }
    }
}

/// `POST /voice/preview`: where the synthesized audio can be played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct VoicePreview {
    /// Names this preview and its draft for an hour (`?preview=` on the
    /// page, so the no-JavaScript form can show it after a redirect).
    pub token: String,
    /// An MP3 under `/api_f/v1/voice/audio/…`, playable by an `<audio>` element.
    pub audio_url: String,
    pub duration_ms: u32,
}

/// `GET /voice/preview/{token}`: a preview with the draft it was made from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct VoicePreviewDraft {
    pub draft: VoiceDraft,
    pub preview: VoicePreview,
}

/// A message as its sender sees it (in the dashboard and after Send).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct VoiceMessageView {
    pub id: i64,
    /// The recipient in international format (`+62 812-3456-7890`).
    pub to: String,
    pub language: String,
    pub voice: Voice,
    /// The text; empty once it was deleted (30 days after sending).
    pub message: String,
    pub status: VoiceStatus,
    /// Calls placed so far (at most two: one retry after busy or no answer).
    pub attempts: u32,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    pub updated_at: i64,
    /// The sender's own replay (needs the session); `None` once deleted.
    pub audio_url: Option<String>,
}
