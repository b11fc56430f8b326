//! Building blocks shared by pages.
mod country_picker;
mod footer;
mod header;
mod locate_result;
mod page_meta;
mod phone_search;
mod trial_price;

pub use country_picker::CountryPicker;
pub use footer::Footer;
pub use header::Header;
pub use locate_result::LocateResult;
pub use page_meta::PageMeta;
pub use phone_search::PhoneSearch;
pub use trial_price::TrialPrice;
