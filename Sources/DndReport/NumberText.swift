/// Numbers as reports print them.
public enum NumberText {
  /// 5000000 as "5,000,000".
  public static func grouped(_ number: Int) -> String {
    var digits = Array(String(number.magnitude))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return (number < 0 ? "-" : "") + String(digits)
  }
}
