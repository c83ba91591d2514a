import ArgumentParser
import Settings
import Foundation
import Persistence

/// `--config PATH`, and the configuration files' settings layered in their order:
/// `$XDG_CONFIG_HOME/coinboard/config.toml`, then the `--config` file. Flags go over both.
struct ConfigOptions: ParsableArguments {
    @Option(help: "A configuration file, read after $XDG_CONFIG_HOME/coinboard/config.toml (config/coinboard.toml lists the keys).")
    var config: String?

    /// The files' settings; a file that is not valid stops the command (exit status 2).
    func settings(environment: [String: String]) throws(ConfigurationError) -> ConfigSettings {
        var settings = ConfigSettings()
        if let user = try ConfigFile.read(ConfigFile.defaultPath(environment: environment), required: false) {
            settings = settings.overlaid(by: user)
        }
        if let config, let given = try ConfigFile.read(config, required: true) {
            settings = settings.overlaid(by: given)
        }
        return settings
    }
}
