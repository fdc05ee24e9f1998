// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Unauthorized} from "./Errors.sol";

/// The vault's share token: freely transferable, but only Core mints, burns or moves shares into escrow.
contract Share is ERC20 {
    address public immutable core;
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        core = msg.sender;
        _decimals = decimals_;
    }

    modifier onlyCore() {
        if (msg.sender != core) revert Unauthorized(msg.sender);
        _;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external onlyCore {
        _mint(to, amount);
    }

    function burn(address from, uint256 amount) external onlyCore {
        _burn(from, amount);
    }

    /// Escrow moves for queued redemptions, so a redeemer never needs a share approval step.
    function coreTransfer(address from, address to, uint256 amount) external onlyCore {
        _transfer(from, to, amount);
    }
}
