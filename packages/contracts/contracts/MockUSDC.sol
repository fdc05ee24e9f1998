// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Unauthorized} from "./Errors.sol";

/// Devnet stand-in for USDC: 6 decimals, minted only by addresses the owner allows.
contract MockUSDC is ERC20, Ownable {
    mapping(address => bool) public isMinter;

    event MinterSet(address indexed minter, bool allowed);

    constructor(address owner_) ERC20("USD Coin", "USDC") Ownable(owner_) {
        isMinter[owner_] = true;
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function setMinter(address minter, bool allowed) external onlyOwner {
        isMinter[minter] = allowed;
        emit MinterSet(minter, allowed);
    }

    function mint(address to, uint256 amount) external {
        if (!isMinter[msg.sender]) revert Unauthorized(msg.sender);
        _mint(to, amount);
    }
}
