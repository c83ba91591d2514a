import ArgumentParser
import Foundation
import Persistence
import Settings

/// `--config PATH`, and the one step that resolves settings: the built-in defaults, under
/// `$XDG_CONFIG_HOME/coinboard/config.toml`, under the `--config` file, under the flags.
struct ConfigOptions: ParsableArguments {
    @Option(help: "A configuration file, read after $XDG_CONFIG_HOME/coinboard/config.toml (config/coinboard.toml lists the keys).")
    var config: String?

    /// The files' settings with `flags` over them; a file that is not valid stops the command
    /// (exit status 2). What no layer sets takes its built-in default where it is read.
    func settings(environment: [String: String], flags: ConfigSettings = ConfigSettings()) throws(ConfigurationError) -> ConfigSettings {
        var settings = ConfigSettings()
        if let user = try ConfigFile.read(ConfigFile.defaultPath(environment: environment), required: false) {
            settings = settings.overlaid(by: user)
        }
        if let config, let given = try ConfigFile.read(config, required: true) {
            settings = settings.overlaid(by: given)
        }
        return settings.overlaid(by: flags)
    }
}
