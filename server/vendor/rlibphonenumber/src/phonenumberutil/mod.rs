// Copyright (C) 2009 The Libphonenumber Authors
// Copyright (C) 2025 Kashin Vladislav (Rust adaptation author)
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
// http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

pub(super) mod helper_constants;
pub(super) mod helper_functions;
mod helper_types;
mod phone_number_regexps_and_mappings;
pub(super) mod phonenumberutil_internal;
pub(super) mod regex_wrapper_types;

#[cfg(feature = "global_static")]
use crate::phonenumberutil::phonenumberutil_internal::PhoneNumberUtil;
#[cfg(feature = "global_static")]
use std::sync::LazyLock;

/// Singleton instance of phone number util for general use
#[cfg(feature = "global_static")]
pub static PHONE_NUMBER_UTIL: LazyLock<PhoneNumberUtil> =
    LazyLock::new(|| PhoneNumberUtil::new().unwrap());
