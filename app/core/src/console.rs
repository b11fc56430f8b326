//! The support console's screens, addresses and documents: what the server
//! loads and routes; the pages themselves are the UI crate's
//! (`app::console`).
use crate::i18n::{Key, Locale};
use crate::model::console::{
    AbuseReportView, AuditEntry, ChatInboxRow, ChatThreadView, CustomerDetail, CustomerRow,
    StaffRole, StaffView,
};

/// A screen of the console.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConsolePage {
    SignIn,
    /// The search, which is also the console's start page.
    Customers,
    Customer(i64),
    Abuse,
    Chats,
    Chat(i64),
    Audit,
    NotFound,
}

impl ConsolePage {
    /// The `<title>` and heading (the customer's and the chat's name the heading themselves).
    pub const fn title_key(self) -> Key {
        match self {
            ConsolePage::SignIn => Key::AdmSignInTitle,
            ConsolePage::Customers | ConsolePage::Customer(_) => Key::AdmCustomersTitle,
            ConsolePage::Abuse => Key::AdmAbuseTitle,
            ConsolePage::Chats | ConsolePage::Chat(_) => Key::AdmChatsTitle,
            ConsolePage::Audit => Key::AdmAuditTitle,
            ConsolePage::NotFound => Key::AdmNotFound,
        }
    }

    /// The path below the locale prefix.
    pub fn slug(self) -> String {
        match self {
            ConsolePage::SignIn => "admin/sign-in".into(),
            ConsolePage::Customers => "admin".into(),
            ConsolePage::Customer(id) => format!("admin/customers/{id}"),
            ConsolePage::Abuse => "admin/abuse".into(),
            ConsolePage::Chats => "admin/chats".into(),
            ConsolePage::Chat(id) => format!("admin/chats/{id}"),
            ConsolePage::Audit => "admin/audit".into(),
            ConsolePage::NotFound => "admin/not-found".into(),
        }
    }
}

/// The path of `page` in `locale`: `/admin/abuse`, `/id/admin/abuse`.
pub fn console_href(locale: Locale, page: ConsolePage) -> String {
    format!("{}/{}", locale.path_prefix(), page.slug())
}

/// The console page a request path asks for, `None` outside the console.
pub fn resolve(path: &str) -> Option<(Locale, ConsolePage)> {
    let trimmed = path.trim_matches('/');
    let (first, rest) = trimmed.split_once('/').unwrap_or((trimmed, ""));
    let (locale, inner) = match Locale::from_code(first) {
        Some(locale) if first == locale.code() => (locale, rest),
        _ => (Locale::En, trimmed),
    };
    let below = match inner.strip_prefix("admin")? {
        "" => "",
        tail => tail.strip_prefix('/')?,
    };
    let id = |s: &str| s.parse::<i64>().ok().filter(|n| *n > 0);
    let page = match below.split_once('/') {
        None => match below {
            "" | "customers" => ConsolePage::Customers,
            "sign-in" => ConsolePage::SignIn,
            "abuse" => ConsolePage::Abuse,
            "chats" => ConsolePage::Chats,
            "audit" => ConsolePage::Audit,
            _ => ConsolePage::NotFound,
        },
        Some(("customers", n)) => id(n).map_or(ConsolePage::NotFound, ConsolePage::Customer),
        Some(("chats", n)) => id(n).map_or(ConsolePage::NotFound, ConsolePage::Chat),
        Some(_) => ConsolePage::NotFound,
    };
    Some((locale, page))
}

/// The forms the console posts (the `form` field), each to the page it sits on.
pub mod forms {
    pub const SIGN_IN: &str = "sign_in";
    pub const SIGN_OUT: &str = "sign_out";
    pub const REFUND: &str = "refund";
    pub const CANCEL: &str = "cancel";
    pub const SUSPEND: &str = "suspend";
    pub const REINSTATE: &str = "reinstate";
    pub const ABUSE: &str = "abuse";
    pub const REPLY: &str = "reply";
}

/// What a page shows, loaded by the server before rendering.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum ConsoleData {
    #[default]
    Nothing,
    Customers {
        q: String,
        rows: Vec<CustomerRow>,
    },
    Customer(Box<CustomerDetail>),
    Abuse {
        closed: bool,
        reports: Vec<AbuseReportView>,
    },
    Chats(Vec<ChatInboxRow>),
    Chat(ChatThreadView),
    Audit {
        entries: Vec<AuditEntry>,
        before: Option<i64>,
    },
}

/// Everything one console document is rendered from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ConsoleDoc {
    pub locale: Locale,
    pub page: Option<ConsolePage>,
    /// Who is signed in; `None` on the sign-in page.
    pub staff: Option<StaffView>,
    /// The double-submitted anti-CSRF token every form carries.
    pub csrf: String,
    /// The site stylesheet.
    pub css: Option<String>,
    pub data: ConsoleData,
    /// What the last post did (after its redirect).
    pub notice: Option<Key>,
    /// Why the last post or the page's data failed, localized.
    pub error: Option<String>,
    /// The e-mail typed into a failed sign-in.
    pub email: String,
}

impl ConsoleDoc {
    pub fn page(&self) -> ConsolePage {
        self.page.unwrap_or(ConsolePage::NotFound)
    }

    pub fn href(&self, page: ConsolePage) -> String {
        console_href(self.locale, page)
    }

    pub fn is_admin(&self) -> bool {
        self.staff
            .as_ref()
            .is_some_and(|s| s.role == StaffRole::Admin)
    }
}

/// The notice of `?done=` after a successful post.
pub fn notice_of(done: &str) -> Option<Key> {
    Some(match done {
        "refund" => Key::AdmDoneRefund,
        "cancel" => Key::AdmDoneCancel,
        "suspend" => Key::AdmDoneSuspend,
        "reinstate" => Key::AdmDoneReinstate,
        "abuse" => Key::AdmDoneAbuse,
        "reply" => Key::AdmDoneReply,
        "signed_out" => Key::AdmSignedOut,
        "sign_in" => Key::AdmSignInNeeded,
        _ => return None,
    })
}
