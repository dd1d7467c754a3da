/// The two idioms UIKit distinguishes for drag and drop.
public enum DeviceIdiom: String, Codable, Sendable {
  case pad, phone
}

/// The device a world simulates: its idiom, its screen, the iOS version and
/// the drag and drop defaults that follow from them. Without a version the
/// model is iOS 11-14, the lecture's systems.
public struct Device: Hashable, Sendable {
  public var idiom: DeviceIdiom
  public var name: String
  /// The screen in points; app windows are placed on it.
  public var screenSize: Size
  /// The major iOS version a script asked for; nil models iOS 11-14.
  public var systemVersion: Int?

  public init(idiom: DeviceIdiom, name: String, screenSize: Size, systemVersion: Int? = nil) {
    self.idiom = idiom
    self.name = name
    self.screenSize = screenSize
    self.systemVersion = systemVersion
  }

  /// A 9.7-inch iPad in landscape, the lecture's device.
  public static let iPad = Device(idiom: .pad, name: "iPad", screenSize: Size(1024, 768))
  /// A 4.7-inch iPhone in portrait.
  public static let iPhone = Device(idiom: .phone, name: "iPhone", screenSize: Size(375, 667))

  /// The same device running `version` of iOS.
  public func running(iOS version: Int?) -> Device {
    var device = self
    device.systemVersion = version
    return device
  }

  /// The name with the version, when one was given: "iPhone (iOS 15)"; an
  /// iPad's system is iPadOS from 13 on.
  public var label: String {
    guard let version = systemVersion else { return name }
    let system = idiom == .pad && version >= 13 ? "iPadOS" : "iOS"
    return "\(name) (\(system) \(version))"
  }

  /// Whether the model follows iOS 15 and later, where the iPhone's drags
  /// may leave their app (§11).
  public var isIOS15OrLater: Bool { (systemVersion ?? 14) >= 15 }

  /// `UIDragInteraction.isEnabledByDefault`: true on iPad, false on iPhone.
  /// Choice: false on iPhone in every version. iOS 11-14's value is the
  /// documented one (§2.1, §11); iOS 15's is not on record (§13.3), and
  /// Apple's reference still describes only the iPhone's false. A script
  /// that sets `isEnabled = true` works either way.
  public var isDragInteractionEnabledByDefault: Bool { idiom == .pad }

  /// Whether a drag may leave the app that started it: on iPad always, on
  /// iPhone from iOS 15 (§11). Before iOS 15 an iPhone's drags stay inside
  /// their app, so other apps never see the session and a drag that starts
  /// in another app never reaches ours.
  public var allowsDragsBetweenApps: Bool { idiom == .pad || isIOS15OrLater }

  /// `UITableView`/`UICollectionView.dragInteractionEnabled` default: true on
  /// iPad; on iPhone false before iOS 15 and true from it (§8.1, §9.1, §11).
  public var isTableDragEnabledByDefault: Bool { idiom == .pad || isIOS15OrLater }
}

/// The durations the runtime uses, in virtual seconds. Where UIKit's value
/// is reported it is used; the animation lengths are ours (UIKit does not
/// document them and they only order events in time).
public struct Timing: Hashable, Sendable {
  /// From touch-down to the lift (0.325 s in a recent UIKit, §2.1).
  public var liftDelay = 0.325
  /// Length of the lift animation. Choice: 0.25 s.
  public var liftAnimation = 0.25
  /// Length of the drop animation, per item. Choice: 0.35 s.
  public var dropAnimation = 0.35
  /// Length of the cancel animation, per item. Choice: 0.35 s.
  public var cancelAnimation = 0.35
  /// Hovering in `.possible` this long makes spring loading `.activating` (§7.2).
  public var springLoadingActivating = 0.8
  /// Then this much longer makes it `.activated` (§7.2).
  public var springLoadingActivated = 0.4
  /// Movement before the drag "tears out" of the lift (10 pt, §2.1).
  public var dragHysteresis = 10.0
  /// How long a drop's loads may run before UIKit shows its progress UI
  /// (§4.3: "if handling takes long"). Choice: 1 s; UIKit does not say.
  public var progressIndicatorDelay = 1.0
  /// Length of a table or collection view update animation, after which a
  /// `performBatchUpdates` completion runs. Choice: 0.3 s.
  public var listUpdateAnimation = 0.3

  public init() {}

  /// How long `longPress` holds by default: long enough for the lift to finish.
  public var defaultLongPress: Double { liftDelay + liftAnimation }
}
