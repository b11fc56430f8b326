-- wrk script: GET /api_f/v1/other/location/info/{phone} over a mix of valid
-- and invalid numbers from several regions.
local numbers = {
  "+6281234567890", "+622112345678", "+12015550123", "+447400123456", "+8613800138000",
  "+639171234567", "+919876543210", "+5511987654321", "+4915123456789", "+33612345678",
  "+2348031234567", "+390612345678", "+79123456789", "+6591234567", "+12", "+99912345",
}
local i = 0
request = function()
  i = i % #numbers + 1
  return wrk.format("GET", "/api_f/v1/other/location/info/" .. numbers[i]:gsub("+", "%%2B"))
end
