include!(concat!(env!("OUT_DIR"), "/i18n.phonenumbers.rs"));
