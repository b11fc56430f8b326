include!("i18n.phonenumbers.rs");
