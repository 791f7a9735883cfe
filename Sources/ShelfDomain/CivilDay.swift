/// Days of the proleptic Gregorian calendar, counted from 1970-01-01: what an air date, an
/// episode's air time and a watched mark's time are read into.
public enum CivilDay {
  /// Days from 1970-01-01 to `year`-`month`-`day` (negative before it); nil for a day that does
  /// not exist (2013-02-30, a 13th month).
  public static func daysSince1970(year: Int, month: Int, day: Int) -> Int? {
    guard (1...12).contains(month), day >= 1, day <= length(ofMonth: month, in: year) else {
      return nil
    }
    // Howard Hinnant's days_from_civil: years start in March, so a leap day comes last, and
    // whole eras of 400 years (146,097 days) are counted from 0000-03-01.
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// How many days `month` (1–12) of `year` has.
  public static func length(ofMonth month: Int, in year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
